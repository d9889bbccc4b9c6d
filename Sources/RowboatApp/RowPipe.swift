import Foundation
import RowboatProcess
import Synchronization

/// The parts of a streamed body made into rows on a queue of their own,
/// while the fetch task goes on decoding the next bytes (two stages on
/// two cores: a million rows load in about half the time). Parts are
/// delivered in the order they were sent; at most `depth` wait or are
/// being built at once, so a slow UI holds back the decoding (and its
/// memory) rather than piling up items.
final class RowPipe: Sendable {
    static let depth = 2
    private let queue = DispatchQueue(label: "rowboat.rows")
    /// Parts sent and not yet done; the sender waiting for room (only one
    /// task sends).
    private let state = Mutex<(inFlight: Int, waiter: CheckedContinuation<Void, Never>?)>((0, nil))

    /// Runs `work` on the queue after the parts sent before it, once there
    /// is room.
    func send(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.inFlight < Self.depth else {
                    state.waiter = room
                    return false
                }
                state.inFlight += 1
                return true
            }
            if now { room.resume() }
        }
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            work()
            // A waiting sender takes this part's place.
            let next = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                if let waiter = state.waiter {
                    state.waiter = nil
                    return waiter
                }
                state.inFlight -= 1
                return nil
            }
            next?.resume()
        }
    }

    /// Returns once every part sent is done.
    func drain() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in queue.async { done.resume() } }
    }
}
