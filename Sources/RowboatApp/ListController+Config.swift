import Foundation
import RowboatKit
import RowboatSpec

extension ListController {
    /// A list of a config's endpoints, as `rowboat browse` shows them: a
    /// tab for each (or the config's `tabs:`), starting on `endpoint` (nil:
    /// the config's first), its pages from the servers through the cache
    /// by each endpoint's get mode (or `mode` for all), the config's
    /// columns, actions, keys, theme and images, favorites in the config's
    /// cache database and the columns and views kept under the config
    /// file's path. The controller's own knobs go on top: `keys` replace the
    /// bindings of the actions they name, `theme` replaces the config's
    /// theme section when it names another, `styles`, `mouse`, `features`,
    /// `images` (nil: none fetched), `favoritesPlace` (`.automatic`: the
    /// cache database), `columnsKey` and `stateDirectory`, `addAction`
    /// (on every endpoint, without `appliesTo`), the select, open, marked
    /// and favorites-change hooks and the `remote` (on the endpoint shown
    /// at start). The pages, detail and search come from the config: the
    /// closures' hooks for them are a `ListControllerError` at `run()`.
    /// Throws when the config has no endpoints or none named `endpoint`.
    public convenience init(config: RowboatConfig, endpoint: String? = nil, mode: GetMode? = nil) throws {
        try self.init(ConfigListSource(config: config, endpointKey: Self.endpointKey(endpoint, in: config), mode: mode))
    }

    /// A list of the endpoints of the config file at `path` (YAML, JSON or
    /// a property list), as `init(config:endpoint:mode:)`; a file that
    /// cannot be read or is not a config throws its one line
    /// (`ConfigError`: file, line and column).
    public convenience init(configFile path: String, endpoint: String? = nil, mode: GetMode? = nil) throws {
        try self.init(config: ConfigFile.load(path), endpoint: endpoint, mode: mode)
    }

    /// A list over `source`; what `rowboat browse` makes, with the guessed
    /// config and its own notice set on the source.
    package convenience init(_ source: ConfigListSource) {
        self.init(title: source.config.endpoint(source.endpointKey)?.displayTitle ?? source.endpointKey)
        self.source = source
        images = source.images
        theme = ListTheme(rawValue: source.config.theme.name.rawValue) ?? .default
    }

    /// `key`, or the config's first endpoint's; a key the config does not
    /// have throws, with the closest one.
    static func endpointKey(_ key: String?, in config: RowboatConfig) throws -> String {
        guard let key else {
            guard let first = config.defaultEndpoint else { throw ListControllerError("\(config.source): no endpoints") }
            return first.key
        }
        guard config.endpoint(key) != nil else {
            let keys = config.endpoints.map(\.key)
            throw ListControllerError("\(config.source): no endpoint named \"\(key)\"\(Suggestion.hint(for: key, in: keys))"
                                      + " (endpoints: \(keys.joined(separator: ", ")))")
        }
        return key
    }
}
