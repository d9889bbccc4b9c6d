import Foundation
import RowboatCore
import RowboatSpec

/// Where the views saved from the list (`V`) are kept between runs: one
/// small JSON file per config (or per `ListController` name) beside the
/// column layout (`ColumnStore`), in `$XDG_STATE_HOME/rowboat` (else
/// `~/.local/state/rowboat`), holding each endpoint's views in order —
/// params, typed conditions, field names and widths, never a row's value:
///
/// ```json
/// {"version": 1, "endpoints": {"items": {"views": [{"name": "Dear", "params": {"sort": "price"}, "filter": ["price > 100"]}]}}}
/// ```
///
/// Written atomically. A file that is not valid JSON, is of another format
/// version, or cannot be read is not used, with one line (`load`), and is
/// not written over until a view is saved; one that cannot be written is
/// said when it happens (`save` throws).
package struct ViewStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    /// The file's path.
    package let file: String

    /// The store for `identity` (a config file's path, made absolute, or a
    /// program's name) under `directory`.
    package init(identity: String, directory: String) {
        let hash = String(FNV1a.hash(Array(identity.utf8)), radix: 16)
        file = (directory as NSString).appendingPathComponent("views-\(hash).json")
    }

    /// The store of a config file (`source`, made absolute) in the state directory.
    package init(config source: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(identity: URL(fileURLWithPath: source).standardizedFileURL.path,
                  directory: ColumnStore.directory(environment))
    }

    /// The file as written.
    struct Contents: Codable {
        struct Endpoint: Codable {
            var views: [ViewSpec]
        }

        var version: Int?
        var endpoints: [String: Endpoint]?
    }

    /// The kept views by endpoint key, and a line saying why the file was
    /// not used when it was not (nil: read, or there is none yet).
    package func load() -> (views: [String: [ViewSpec]], problem: String?) {
        guard FileManager.default.fileExists(atPath: file) else { return ([:], nil) }
        guard let data = FileManager.default.contents(atPath: file) else {
            return ([:], "saved views not used: \(file) cannot be read")
        }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            return ([:], "saved views not used: \(file) is not a views file (damaged?); kept as it is until a view is saved")
        }
        guard contents.version == Self.version else {
            let which = contents.version.map { "format \($0)" } ?? "an older format"
            return ([:], "saved views not used: \(file) is in \(which), not \(Self.version)")
        }
        return ((contents.endpoints ?? [:]).mapValues(\.views), nil)
    }

    /// Keeps `views` for `endpoint` (empty: forgets them), the other
    /// endpoints' as they are. A file that was not used is set aside
    /// beside it (`.bad`) first, so nothing in it is lost.
    package func save(_ views: [ViewSpec], endpoint: String) throws {
        let loaded = load()
        var endpoints = loaded.views
        if loaded.problem != nil, FileManager.default.fileExists(atPath: file) {
            // What could not be read is kept for a person to look at, not written over.
            _ = rename(file, file + ".bad")
        }
        endpoints[endpoint] = views.isEmpty ? nil : views
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Contents(version: Self.version, endpoints: endpoints.mapValues(Contents.Endpoint.init)))
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
