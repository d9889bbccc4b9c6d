import Foundation
import RowboatSpec
import Synchronization

/// A config's cache store opened before its owner asks for it: a browse
/// begins opening the cache as soon as its config file is read (while the
/// arguments are still being parsed), and `CacheStore.open(for:)` takes
/// that store when it is asked for the same file with the same settings.
enum CacheOpenedAhead {
    private static let waiting = Mutex<(path: String, settings: LocalCacheSettings, store: CacheStore)?>(nil)

    static func keep(_ store: CacheStore, path: String, settings: LocalCacheSettings) {
        waiting.withLock { $0 = (path, settings, store) }
    }

    /// The store begun for `path` with `settings`, once; nil for another.
    static func take(path: String, settings: LocalCacheSettings) -> CacheStore? {
        waiting.withLock { waiting in
            guard let ahead = waiting, ahead.path == path, ahead.settings == settings else { return nil }
            waiting = nil
            return ahead.store
        }
    }
}

extension CacheStore {
    /// Begins opening `config`'s store on a thread of its own, for the next
    /// `open(for:)` of the same file and settings to take (the store
    /// returned).
    @discardableResult
    public static func openAhead(for config: RowboatConfig,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> CacheStore {
        let store = open(for: config, environment: environment, inBackground: true)
        CacheOpenedAhead.keep(store, path: CacheLocation.file(for: config, environment: environment),
                              settings: config.localCache)
        return store
    }
}
