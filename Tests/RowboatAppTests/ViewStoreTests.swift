import Foundation
import RowboatSpec
@testable import RowboatKit
import Testing

/// The saved views (`ViewStore`) on a real directory: written and read
/// back per endpoint, in order; a damaged file or one of another format
/// is one line, never stops a start, and is moved aside (not lost) when a
/// view is next saved.
@Suite struct ViewStoreTests {
    func withDirectory(_ body: (String) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-vs-\(UUID().uuidString)").path
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try body(directory)
    }

    let dear = ViewSpec(name: "Dear", params: ["sort": "price"], filter: ["price > 100"],
                        sort: ViewSpec.Sort(field: "price", descending: true), columns: [.init(field: "title"), .init(field: "price", width: 12)])

    @Test func eachEndpointsViewsAreKeptInOrderAndForgotten() throws {
        try withDirectory { directory in
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory)
            #expect(store.load().views.isEmpty && store.load().problem == nil)
            try store.save([dear, ViewSpec(name: "Brass", search: "brass")], endpoint: "items")
            try store.save([ViewSpec(name: "Lisbon", filter: ["city = Lisbon"])], endpoint: "makers")
            #expect(store.load().views["items"]?.map(\.name) == ["Dear", "Brass"])
            #expect(store.load().views["items"]?.first == dear)
            try store.save([], endpoint: "makers")
            #expect(store.load().views.keys.sorted() == ["items"] && store.load().problem == nil)
            // Beside the column layout, a file of its own per config.
            #expect(store.file.hasPrefix(directory + "/views-"))
            #expect(ViewStore(identity: "/configs/other.yaml", directory: directory).file != store.file)
        }
    }

    @Test func aDamagedFileIsOneLineAndIsSetAsideNotLost() throws {
        try withDirectory { directory in
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try "{not json".write(toFile: store.file, atomically: true, encoding: .utf8)
            let loaded = store.load()
            #expect(loaded.views.isEmpty)
            #expect(loaded.problem?.hasPrefix("saved views not used: \(store.file) is not a saved views file") == true)
            #expect(loaded.problem?.contains("\n") == false)
            try store.save([dear], endpoint: "items")
            #expect(store.load().views == ["items": [dear]] && store.load().problem == nil)
            #expect(try String(contentsOfFile: store.file + ".bad", encoding: .utf8) == "{not json")
            try #"{"version": 9, "endpoints": {}}"#.write(toFile: store.file, atomically: true, encoding: .utf8)
            #expect(store.load().problem?.hasSuffix("is in format 9, not 1; kept as it is") == true)
        }
    }

    @Test func aDirectoryThatCannotBeMadeIsSaidInOneLine() throws {
        try withDirectory { directory in
            // A file where the directory should be: no mode bits involved, so root is told too.
            try "".write(toFile: directory, atomically: true, encoding: .utf8)
            let store = ViewStore(identity: "/configs/demo.yaml", directory: directory + "/rowboat")
            #expect {
                try store.save([dear], endpoint: "items")
            } throws: { error in
                "\(error)" == "\(directory)/rowboat cannot be made"
            }
            #expect(store.load().views.isEmpty)
        }
    }
}
