import Foundation
import RowboatSpec

/// Where a config's cache database lives: `localCache.path` (a directory)
/// or `$XDG_CACHE_HOME/rowboat/` (else `~/.cache/rowboat/`), with one file
/// per config named from a hash of the config's source path (or server).
public enum CacheLocation {
    /// The directory the cache files live in.
    /// A relative `path` (the seed DataConfig.plist says `localCache`) is a
    /// folder inside the default directory, never the working directory.
    public static func directory(settings: LocalCacheSettings,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = settings.path, !path.isEmpty {
            let expanded = expandTilde(path, environment: environment)
            if expanded.hasPrefix("/") { return expanded }
            return (defaultDirectory(environment) as NSString).appendingPathComponent(expanded)
        }
        return defaultDirectory(environment)
    }

    /// `$XDG_CACHE_HOME/rowboat`, else `~/.cache/rowboat`.
    static func defaultDirectory(_ environment: [String: String]) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("rowboat")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".cache/rowboat")
    }

    /// The database file name for a config: `rowboat-<hash>.sqlite`.
    public static func fileName(for config: RowboatConfig) -> String {
        config.source.isEmpty ? fileName(identity: config.server) : fileName(forSource: config.source)
    }

    /// The file name of a config read from the file `source`.
    static func fileName(forSource source: String) -> String {
        fileName(identity: URL(fileURLWithPath: source).standardizedFileURL.path)
    }

    private static func fileName(identity: String) -> String {
        "rowboat-\(StableHash.hex(identity)).sqlite"
    }

    /// The full database path for a config.
    public static func file(for config: RowboatConfig,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (directory(settings: config.localCache, environment: environment) as NSString)
            .appendingPathComponent(fileName(for: config))
    }

    /// The full database path of a config read from the file `source`
    /// whose cache settings are `settings` (before it is read).
    public static func file(forSource source: String, settings: LocalCacheSettings,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (directory(settings: settings, environment: environment) as NSString)
            .appendingPathComponent(fileName(forSource: source))
    }

    static func expandTilde(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
