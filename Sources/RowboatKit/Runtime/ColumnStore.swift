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
/// Kept by `KeptFile`: written atomically; a file that cannot be used is
/// one line and set aside, never lost.
package struct ColumnStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    let kept: EndpointKeptFile<ColumnArrangement>

    /// The file's path.
    package var file: String { kept.file }

    /// The store for `identity` (a config file's path, made absolute, or a
    /// program's name) under `directory`.
    package init(identity: String, directory: String) {
        kept = EndpointKeptFile("columns", identity: identity, directory: directory, what: "column layout", version: Self.version)
    }

    /// The store of a config file (`source`, made absolute) in the state directory.
    package init(config source: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        kept = EndpointKeptFile("columns", config: source, environment: environment, what: "column layout", version: Self.version)
    }

    /// The kept arrangements by endpoint key, and a line saying why the
    /// file was not used when it was not (nil: read, or there is none yet).
    package func load() -> (arrangements: [String: ColumnArrangement], problem: String?) {
        let (values, problem) = kept.load()
        return (values, problem)
    }

    /// Keeps `arrangement` for `endpoint` (nil: forgets it), the other
    /// endpoints' as they are.
    package func save(_ arrangement: ColumnArrangement?, endpoint: String) throws {
        try kept.save(arrangement, endpoint: endpoint)
    }
}
