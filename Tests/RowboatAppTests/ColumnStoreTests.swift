import Foundation
import RowboatSpec
import RowboatCore
@testable import RowboatKit
import Testing

/// The kept column layouts (`ColumnStore`) on a real directory: written and
/// read back per endpoint; a damaged file, one of another format version,
/// one that cannot be read, and a directory that cannot be written are each
/// one line, and never stop a start.
@Suite struct ColumnStoreTests {
    func withDirectory(_ body: (String) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-cs-\(UUID().uuidString)").path
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try body(directory)
    }

    let price = ColumnArrangement(columns: [.init(field: "title"), .init(field: "price", width: 12)])

    @Test func eachEndpointsArrangementIsKeptAndForgotten() throws {
        try withDirectory { directory in
            let store = ColumnStore(identity: "/configs/demo.yaml", directory: directory)
            #expect(store.load().arrangements.isEmpty && store.load().problem == nil)
            try store.save(price, endpoint: "items")
            try store.save(ColumnArrangement(columns: [.init(field: "name")]), endpoint: "makers")
            #expect(store.load().arrangements == ["items": price, "makers": ColumnArrangement(columns: [.init(field: "name")])])
            try store.save(nil, endpoint: "makers")
            #expect(store.load().arrangements == ["items": price] && store.load().problem == nil)
            // Names and widths only, in a file of its own per config.
            let text = try String(contentsOfFile: store.file, encoding: .utf8)
            #expect(text == #"{"endpoints":{"items":{"columns":[{"field":"title"},{"field":"price","width":12}]}},"version":1}"#)
            #expect(ColumnStore(identity: "/configs/other.yaml", directory: directory).file != store.file)
        }
    }

    @Test func aFileThatCannotBeUsedIsOneLineAndIsSetAsideOnTheNextSave() throws {
        try withDirectory { directory in
            let store = ColumnStore(identity: "/configs/demo.yaml", directory: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (bytes, says) in [("{not json", "is not a column layout file (damaged?); kept as it is"),
                                  (#"{"version": 0, "endpoints": {}}"#, "is in format 0, not 1; kept as it is"),
                                  (#"{"endpoints": {"items": {"columns": []}}}"#, "is in an older format, not 1; kept as it is"),
                                  (#"{"version": 1, "endpoints": {"items": {"columns": [{"width": 3}]}}}"#,
                                   "is not a column layout file (damaged?); kept as it is")] {
                try Data(bytes.utf8).write(to: URL(fileURLWithPath: store.file))
                let (arrangements, problem) = store.load()
                #expect(arrangements.isEmpty)
                #expect(problem == "column layout not used: \(store.file) \(says)")
            }
            // The next save sets the file that could not be used aside, and writes anew.
            try store.save(price, endpoint: "items")
            #expect(store.load() == (["items": price], nil))
            #expect(FileManager.default.contents(atPath: store.file + ".bad").map { String(decoding: $0, as: UTF8.self) }
                    == #"{"version": 1, "endpoints": {"items": {"columns": [{"width": 3}]}}}"#)
        }
    }

    @Test func anUnreadableFileAndAnUnwritableDirectoryAreOneLine() throws {
        guard getuid() != 0 else { return }   // root reads and writes through any mode
        try withDirectory { directory in
            let store = ColumnStore(identity: "/configs/demo.yaml", directory: directory)
            try store.save(price, endpoint: "items")
            chmod(store.file, 0)
            #expect(store.load().problem == "column layout not used: \(store.file) cannot be read")
            chmod(store.file, 0o644)
            chmod(directory, 0o555)
            #expect(throws: KeptFileError.self) { try store.save(nil, endpoint: "items") }
        }
    }

    @Test func aDirectoryThatCannotBeMadeIsOneLine() throws {
        try withDirectory { directory in
            // A file where the directory should be: it cannot be made, whoever we are.
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory))
            let store = ColumnStore(identity: "/configs/demo.yaml", directory: directory + "/rowboat")
            #expect(store.load() == ([:], nil))
            do {
                try store.save(price, endpoint: "items")
                Issue.record("saved under a file")
            } catch {
                #expect("\(error)" == "\(directory)/rowboat cannot be made")
            }
        }
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(StateDirectory.path(["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/rowboat")
        // A relative XDG_STATE_HOME is ignored, as the spec says.
        #expect(StateDirectory.path(["XDG_STATE_HOME": "state", "HOME": "/home/u"]) == "/home/u/.local/state/rowboat")
        #expect(StateDirectory.path(["HOME": "/home/u"]) == "/home/u/.local/state/rowboat")
    }
}
