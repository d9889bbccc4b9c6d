import Foundation
import RowboatSpec
import Synchronization

/// Cache files whose open began before a store asked for them: a browse
/// begins opening its config's cache file while the config is still being
/// read, and the store made for that file (`CacheStore(path:)`, whatever
/// its settings) takes the open as it is, once — the settings' part (the
/// stale responses pruned, caching off) is the store's own.
enum CacheOpenedAhead {
    private static let waiting = Mutex<[String: CacheOpening]>([:])

    /// Begins opening `path` on a thread of its own, unless it was begun.
    static func begin(path: String) {
        waiting.withLock { waiting in
            guard waiting[path] == nil else { return }
            waiting[path] = CacheOpening(inBackground: true) { CacheStore.openFile(path: path, now: Date()) }
        }
    }

    /// The open begun for `path`, once; nil when none was.
    static func take(path: String) -> CacheOpening? {
        waiting.withLock { $0.removeValue(forKey: path) }
    }
}

extension CacheStore {
    /// Begins opening `config`'s cache file on a thread of its own, for the
    /// next store of that file to take.
    public static func openAhead(for config: RowboatConfig,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        CacheOpenedAhead.begin(path: CacheLocation.file(for: config, environment: environment))
    }

    /// Begins opening the cache file a config read from `source` has where
    /// the config does not say otherwise (`localCache.path`), before the
    /// config is read — only when that file is there already, so nothing
    /// is made where the config may say otherwise.
    public static func openAhead(forConfigAt source: String,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = CacheLocation.file(forSource: source, settings: LocalCacheSettings(), environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return }
        CacheOpenedAhead.begin(path: path)
    }
}
