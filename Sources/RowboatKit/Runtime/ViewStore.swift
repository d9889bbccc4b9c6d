import Foundation
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
/// Kept by `KeptFile`: written atomically; a file that cannot be used is
/// one line, and set aside (`.bad`) when a view is next saved.
package struct ViewStore: Sendable {
    /// The file's format; a file of another version is ignored.
    package static let version = 1

    /// An endpoint's views as written: `{"views": […]}`.
    struct Views: Codable {
        var views: [ViewSpec]
    }

    let kept: EndpointKeptFile<Views>

    /// The file's path.
    package var file: String { kept.file }

    /// The store for `identity` (a config file's path, made absolute, or a
    /// program's name) under `directory`.
    package init(identity: String, directory: String) {
        kept = EndpointKeptFile("views", identity: identity, directory: directory, what: "saved views", version: Self.version)
    }

    /// The store of a config file (`source`, made absolute) in the state directory.
    package init(config source: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        kept = EndpointKeptFile("views", config: source, environment: environment, what: "saved views", version: Self.version)
    }

    /// The kept views by endpoint key, and a line saying why the file was
    /// not used when it was not (nil: read, or there is none yet).
    package func load() -> (views: [String: [ViewSpec]], problem: String?) {
        let (values, problem) = kept.load()
        return (values.mapValues(\.views), problem)
    }

    /// Keeps `views` for `endpoint` (empty: forgets them), the other
    /// endpoints' as they are.
    package func save(_ views: [ViewSpec], endpoint: String) throws {
        try kept.save(views.isEmpty ? nil : Views(views: views), endpoint: endpoint)
    }
}
