import Foundation
import RowboatCore
import RowboatSpec

/// Where the action console's runs are kept between sessions: the last
/// `ActionRuns.kept` runs in one JSON file in the user's state directory
/// (`$XDG_STATE_HOME/rowboat/actions.json`, else under
/// `~/.local/state/rowboat`), mode 0600. What a record holds is redacted
/// and its output capped before it gets here (`ActionRecord`); the file
/// is written atomically (a new file renamed over the old). A file that
/// cannot be read or is of another format is ignored with one line.
package struct ActionHistoryStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    package let file: String

    package init(directory: String) {
        file = (directory as NSString).appendingPathComponent("actions.json")
    }

    /// The store in the state directory (`ColumnStore.directory`).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: ColumnStore.directory(environment))
    }

    struct Contents: Codable {
        var version: Int?
        var runs: [ActionRecord]?
    }

    /// The runs kept, oldest first, and a line saying why the file was
    /// ignored when it was.
    package func load() -> (runs: [ActionRecord], problem: String?) {
        guard FileManager.default.fileExists(atPath: file) else { return ([], nil) }
        guard let data = FileManager.default.contents(atPath: file),
              let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            return ([], Sanitizer.clean("action history ignored: \(file) is not an action history (damaged?)", limit: 200))
        }
        guard contents.version == Self.version else {
            return ([], Sanitizer.clean("action history ignored: \(file) is in another format", limit: 200))
        }
        return (Array((contents.runs ?? []).suffix(ActionRuns.kept)), nil)
    }

    /// Keeps `runs` (the last `ActionRuns.kept` of them) in place of what was kept.
    package func save(_ runs: [ActionRecord]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Contents(version: Self.version, runs: Array(runs.suffix(ActionRuns.kept))))
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = file + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ColumnStoreError("action history not kept: \(directory) is not writable")
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ColumnStoreError("action history not kept: \(file): \(reason)")
        }
    }
}
