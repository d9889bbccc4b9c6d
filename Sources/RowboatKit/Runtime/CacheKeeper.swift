import RowboatCache
import RowboatCore
import RowboatSpec

/// Measures and clears the cache for the TUI, answering with actions.
/// Blocking: runs on the effect runner's store queue.
struct CacheKeeper: Sendable {
    let store: CacheStore?

    func measure() -> AppAction {
        guard let store, store.isEnabled else {
            return .cacheMeasured(nil, reason: store?.disabledReason ?? "caching is off in the config")
        }
        do {
            let sizes = try store.sizes()
            return .cacheMeasured(CacheUsage(responseBytes: sizes.responses.bytes, responseCount: sizes.responses.entries,
                                             imageBytes: sizes.images.bytes, imageCount: sizes.images.entries),
                                  reason: nil)
        } catch {
            return .cacheMeasured(nil, reason: error.description)
        }
    }

    func clear() -> AppAction {
        guard let store else { return .notify("no cache to clear", isError: true) }
        do {
            let before = try store.sizes()
            try store.clear()
            return .cacheCleared(freedBytes: before.responses.bytes + before.images.bytes)
        } catch {
            return .notify("cannot clear the cache: \(error.description)", isError: true)
        }
    }
}
