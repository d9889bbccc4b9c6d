import Dispatch
import GRDB
import Synchronization

/// A cache database being opened: what the open gave (the pool and the
/// hits' connection, or why there is none, and the line the UI says once),
/// made at once or on a thread of its own while its owner goes on — a TUI
/// starts its terminal meanwhile, and waits only where it first reads the
/// store. Either way, every read of it sees one finished open.
final class CacheOpening: Sendable {
    /// What one open of the file gave.
    struct Opened: Sendable {
        var pool: DatabasePool?
        var hits: CacheHitReader?
        var path: String?
        var notice: String?
        var disabledReason: String?
        var check: CacheCheck?
    }

    private let opened = Mutex<Opened?>(nil)
    private let done = DispatchGroup()

    /// Runs `open` now, or on a thread of its own with `inBackground`.
    init(inBackground: Bool, _ open: @escaping @Sendable () -> Opened) {
        guard inBackground else {
            opened.withLock { $0 = open() }
            return
        }
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let value = open()
            opened.withLock { $0 = value }
            done.leave()
        }
    }

    /// What the open gave, once it has (waits for a background open).
    var value: Opened {
        if let value = opened.withLock({ $0 }) { return value }
        done.wait()
        return opened.withLock { $0 }!
    }
}
