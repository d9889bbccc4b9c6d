import Foundation
import Synchronization

/// The `/` searches' scans, run off the UI thread one after another (each
/// already uses every core): a scan that a later request of the same tab
/// replaced before it started is skipped, so typing fast over ten million
/// rows does not queue a scan per key.
final class SearchScans: Sendable {
    private let queue = DispatchQueue(label: "rowboat.search", qos: .userInitiated)
    /// The latest request asked for, by tab.
    private let latest = Mutex<[String: Int]>([:])

    /// Runs `scan` for request `id` of `tab` unless a later request of the
    /// tab comes before it starts.
    func run(tab: String, id: Int, _ scan: @escaping @Sendable () -> Void) {
        latest.withLock { $0[tab] = max($0[tab] ?? id, id) }
        queue.async {
            guard self.latest.withLock({ $0[tab] }) == id else { return }
            scan()
        }
    }
}
