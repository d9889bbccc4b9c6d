import Foundation
import RowboatCore
import RowboatSpec

/// Where the action console's runs are kept between sessions: the last
/// `ActionRuns.kept` runs in one JSON file in the user's state directory
/// (`$XDG_STATE_HOME/rowboat/actions.json`, else under
/// `~/.local/state/rowboat`), kept by `KeptFile` (mode 0600, atomic; a
/// file that cannot be used is one line and set aside, never lost). What
/// a record holds is redacted and its output capped before it gets here
/// (`ActionRecord`).
package struct ActionHistoryStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    struct Contents: Codable {
        var runs: [ActionRecord]?
    }

    let kept: KeptFile<Contents>

    /// The file's path.
    package var file: String { kept.file }

    package init(directory: String) {
        kept = KeptFile(file: (directory as NSString).appendingPathComponent("actions.json"), what: "action history",
                        version: Self.version)
    }

    /// The store in the state directory.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: StateDirectory.path(environment))
    }

    /// The runs kept, oldest first, and a line saying why the file was
    /// not used when it was not.
    package func load() -> (runs: [ActionRecord], problem: String?) {
        let (contents, problem) = kept.load()
        return (Array((contents?.runs ?? []).suffix(ActionRuns.kept)), problem)
    }

    /// Keeps `runs` (the last `ActionRuns.kept` of them) in place of what was kept.
    package func save(_ runs: [ActionRecord]) throws {
        try kept.save(Contents(runs: Array(runs.suffix(ActionRuns.kept))))
    }
}
