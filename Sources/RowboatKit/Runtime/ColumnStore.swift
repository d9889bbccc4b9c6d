import Foundation
import RowboatCore
import RowboatSpec

/// Where the columns a user arranged are kept between runs: one small JSON
/// file per config (or per `ListController` name) in the user's state
/// directory, `$XDG_STATE_HOME/rowboat` (else `~/.local/state/rowboat`),
/// holding each endpoint's shown fields in order and the widths set —
/// field names and numbers only, never a value or a secret:
///
/// ```json
/// {"version": 1, "endpoints": {"items": {"columns": [{"field": "title"}, {"field": "price", "width": 12}]}}}
/// ```
///
/// Written atomically (a new file renamed over the old). A file that is
/// not valid JSON, is of another format version, or cannot be read is
/// ignored with one line (`load`); one that cannot be written is said
/// when it happens (`save` throws).
package struct ColumnStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    /// The file's path.
    package let file: String

    /// The store for `identity` (a config file's path, made absolute, or a
    /// program's name) under `directory`.
    package init(identity: String, directory: String) {
        let hash = String(FNV1a.hash(Array(identity.utf8)), radix: 16)
        file = (directory as NSString).appendingPathComponent("columns-\(hash).json")
    }

    /// The store of a config file (`source`, made absolute) in the state directory.
    package init(config source: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(identity: URL(fileURLWithPath: source).standardizedFileURL.path,
                  directory: Self.directory(environment))
    }

    /// `$XDG_STATE_HOME/rowboat`, else `~/.local/state/rowboat`.
    package static func directory(_ environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("rowboat")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/state/rowboat")
    }

    /// The file as written.
    struct Contents: Codable {
        var version: Int?
        var endpoints: [String: ColumnArrangement]?
    }

    /// The kept arrangements by endpoint key, and a line saying why the
    /// file was ignored when it was (nil: read, or there is none yet).
    package func load() -> (arrangements: [String: ColumnArrangement], problem: String?) {
        guard FileManager.default.fileExists(atPath: file) else { return ([:], nil) }
        guard let data = FileManager.default.contents(atPath: file) else {
            return ([:], "column layout ignored: \(file) cannot be read")
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            return ([:], "column layout ignored: \(file) is not a column layout (damaged?)")
        }
        guard contents.version == Self.version else {
            let which = contents.version.map { "format \($0)" } ?? "an older format"
            return ([:], "column layout ignored: \(file) is in \(which), not \(Self.version)")
        }
        return (contents.endpoints ?? [:], nil)
    }

    /// Keeps `arrangement` for `endpoint` (nil: forgets it), the other
    /// endpoints' as they are. A file that was ignored is replaced.
    package func save(_ arrangement: ColumnArrangement?, endpoint: String) throws {
        var endpoints = load().arrangements
        endpoints[endpoint] = arrangement
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Contents(version: Self.version, endpoints: endpoints))
        let directory = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // A new file beside the old, renamed over it: a reader sees the old file or the new, never half.
            let temporary = file + ".tmp-\(getpid())"
            guard FileManager.default.createFile(atPath: temporary, contents: data) else {
                throw ColumnStoreError("\(directory) is not writable")
            }
            guard rename(temporary, file) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw ColumnStoreError("\(file): \(reason)")
            }
        } catch let error as ColumnStoreError {
            throw error
        } catch {
            throw ColumnStoreError("\(directory) cannot be made")
        }
    }
}

/// Why a column layout could not be written, as one line.
package struct ColumnStoreError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = Sanitizer.clean(description, limit: 200)
    }
}
