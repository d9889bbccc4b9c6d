import Foundation
import GRDB
import Synchronization

/// One read-only connection of its own for the cache's single-statement
/// reads (an image hit, `CacheStore.readOne`), opened on the first: a hit
/// through GRDB's reader pool paid its checkout and queue hop — about
/// 9 µs for a 10 KB image against SQLite's own 2.4 µs — and on this
/// connection costs about 5 µs (`rowboat-bench cache`). Hits from several
/// threads take turns on it (each is a few microseconds). When it cannot
/// be opened, the pool reads as before.
final class CacheHitReader: Sendable {
    enum State {
        case unopened, open(DatabaseQueue), unusable
    }

    let path: String
    private let state = Mutex<State>(.unopened)

    init(path: String) {
        self.path = path
    }

    /// The connection (opened at the first call); nil when it cannot be.
    func connection() -> DatabaseQueue? {
        state.withLock { state in
            switch state {
            case .open(let queue): return queue
            case .unusable: return nil
            case .unopened:
                var configuration = Configuration()
                configuration.readonly = true
                configuration.busyMode = .timeout(CacheOpener.busyTimeout)
                configuration.label = "rowboat-cache-hits"
                guard let opened = try? DatabaseQueue(path: path, configuration: configuration) else {
                    state = .unusable
                    return nil
                }
                state = .open(opened)
                return opened
            }
        }
    }
}
