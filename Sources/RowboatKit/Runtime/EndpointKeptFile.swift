import Foundation
import RowboatSpec

/// A `KeptFile` holding one value per endpoint of a config (or of a
/// `ListController`'s name): `{"version": N, "endpoints": {"items": …}}`.
/// What `ColumnStore` and `ViewStore` keep, each its own value; saving one
/// endpoint's value leaves the others' as they are.
package struct EndpointKeptFile<Value: Codable>: Sendable {
    struct Contents: Codable {
        var endpoints: [String: Value]?
    }

    let kept: KeptFile<Contents>

    /// The file's path.
    package var file: String { kept.file }

    /// `PREFIX-HASH.json` for `identity` (a config file's path made
    /// absolute, or a program's name) under `directory`.
    package init(_ prefix: String, identity: String, directory: String, what: String, version: Int) {
        kept = KeptFile(prefix, identity: identity, directory: directory, what: what, version: version)
    }

    /// The file of a config file (`source`, made absolute) in the state directory.
    package init(_ prefix: String, config source: String, environment: [String: String], what: String, version: Int) {
        self.init(prefix, identity: URL(fileURLWithPath: source).standardizedFileURL.path,
                  directory: StateDirectory.path(environment), what: what, version: version)
    }

    /// The values by endpoint key, and a line saying why the file was not
    /// used when it was not (nil: read, or there is none yet).
    package func load() -> (values: [String: Value], problem: String?) {
        let (contents, problem) = kept.load()
        return (contents?.endpoints ?? [:], problem)
    }

    /// Keeps `value` for `endpoint` (nil: forgets it).
    package func save(_ value: Value?, endpoint: String) throws {
        var endpoints = load().values
        endpoints[endpoint] = value
        try kept.save(Contents(endpoints: endpoints))
    }
}
