import Foundation
import Synchronization

/// The `/` searches' scans, run off the UI thread one after another (each
/// already uses every core): a scan that a later request of the same tab
/// replaced is skipped before it starts and stopped while it runs, so
/// typing fast over ten million rows neither queues a scan per key nor
/// waits for the scans of keys typed before.
final class SearchScans: Sendable {
    private let queue = DispatchQueue(label: "rowboat.search", qos: .userInitiated)
    /// The latest request asked for, by tab.
    private let latest = Mutex<[String: Int]>([:])

    /// Runs `scan` for request `id` of `tab` unless a later request of the
    /// tab comes before it starts; `scan` is given what says it was
    /// replaced since (ask it now and then, and post nothing once it says so).
    func run(tab: String, id: Int, _ scan: @escaping @Sendable (_ replaced: @escaping @Sendable () -> Bool) -> Void) {
        latest.withLock { $0[tab] = max($0[tab] ?? id, id) }
        queue.async {
            let replaced: @Sendable () -> Bool = { self.latest.withLock { $0[tab] } != id }
            guard !replaced() else { return }
            scan(replaced)
        }
    }
}
