import Foundation
import RowboatCore
import Synchronization

/// Whose scans replace one another: a tab's `/` search, or a list's local
/// filter.
enum ScanKey: Hashable, Sendable {
    case search(tab: String)
    case filter(ListID)
}

/// The long scans of rows — `/` searches and local filters — run off the
/// UI thread one after another (each already uses every core): a scan that
/// a later request of the same key replaced, or that was stopped, is
/// skipped before it starts and stopped while it runs, so typing fast over
/// ten million rows neither queues a scan per key nor waits for the scans
/// of keys typed before.
final class LatestScans: Sendable {
    private let queue = DispatchQueue(label: "rowboat.scans", qos: .userInitiated)
    /// The latest request asked for and still wanted, by key.
    private let latest = Mutex<[ScanKey: Int]>([:])

    /// Runs `scan` for request `id` of `key` unless a later request of the
    /// key, or a stop, comes before it starts; `scan` is given what says it
    /// was replaced since (ask it now and then, and post nothing once it
    /// says so).
    func run(_ key: ScanKey, id: Int, _ scan: @escaping @Sendable (_ replaced: @escaping @Sendable () -> Bool) -> Void) {
        latest.withLock { $0[key] = max($0[key] ?? id, id) }
        queue.async {
            let replaced: @Sendable () -> Bool = { self.latest.withLock { $0[key] } != id }
            guard !replaced() else { return }
            scan(replaced)
        }
    }

    /// A tab's `/` search scan (`run(.search(tab:))`).
    func run(tab: String, id: Int, _ scan: @escaping @Sendable (_ replaced: @escaping @Sendable () -> Bool) -> Void) {
        run(.search(tab: tab), id: id, scan)
    }

    /// Request `id` of `key` is no longer wanted (none replaced it): its
    /// scan is skipped, or told it was replaced.
    func stop(_ key: ScanKey, id: Int) {
        latest.withLock { if $0[key] == id { $0[key] = nil } }
    }
}
