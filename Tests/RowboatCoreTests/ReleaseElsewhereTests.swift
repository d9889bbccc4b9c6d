import Foundation
import Synchronization
import Testing
@testable import RowboatCore

/// Large blocks let go of off the calling thread: the last release of an
/// owner handed over runs on the release queue, after the caller's.
@Suite("ReleaseElsewhere: large memory let go off the caller's thread")
struct ReleaseElsewhereTests {
    final class Owner: Sendable {
        final class Seen: Sendable { let thread = Mutex<UInt?>(nil) }
        let seen: Seen
        init(_ seen: Seen) { self.seen = seen }
        deinit { seen.thread.withLock { $0 = Self.thread() } }

        static func thread() -> UInt { UInt(pthread_self()) }
    }

    @Test func theLastReleaseRunsElsewhere() {
        let seen = Owner.Seen()
        do {
            let owner = Owner(seen)
            ReleaseElsewhere.release(owner)
        }
        ReleaseElsewhere.drain()
        let thread = seen.thread.withLock { $0 }
        #expect(thread != nil)
        #expect(thread != Owner.thread())
    }

    /// The caller's reference let go after the queue has run (as a deinit's
    /// stored property is, after the deinit's body): the queue's release is
    /// still the last, time after time.
    @Test func theQueueWaitsForTheCallersReferenceToGo() {
        let callers = Mutex(0)
        for _ in 0..<2_000 {
            let seen = Owner.Seen()
            do {
                let owner = Owner(seen)
                ReleaseElsewhere.release(owner)
                // The caller still holds it while the queue may be done.
                for _ in 0..<200 { withExtendedLifetime(owner) {} }
            }
            ReleaseElsewhere.drain()
            if seen.thread.withLock({ $0 }) == Owner.thread() { callers.withLock { $0 += 1 } }
        }
        #expect(callers.withLock { $0 } == 0)
    }

    /// A large index and a large block of positions, dropped: their memory
    /// goes back through the queue (the barrier returns once it has).
    @Test func aDroppedLargeIndexAndPositionsAreFreedThere() {
        do {
            var slots = IndexSlots(count: 1 << 18)
            slots.insert(5, hash: 77)
            var refs = RowRefs()
            let places = [UInt64](repeating: 1, count: (1 << 20) + 1)
            places.withUnsafeBufferPointer { refs.append(contentsOf: $0) }
            #expect(slots.count == 1 << 18 && refs.count == places.count)
        }
        ReleaseElsewhere.drain()
    }
}
