import Foundation

/// Letting go of a large block's owner on another thread: its last
/// release (`free`, `munmap`) gives the pages back to the kernel there —
/// tens of milliseconds for 100 MB on this VM, which the UI thread spent
/// whenever a long load's index finished growing or a list was let go.
enum ReleaseElsewhere {
    private static let queue = DispatchQueue(label: "rowboat-release", qos: .utility)
    /// Blocks from which a `free` is worth the hand-over.
    static let largeBytes = 1 << 20

    /// Holds `owner` until a background thread drops it: the caller's
    /// reference may be the last but one. The caller lets go of its own
    /// when its scope ends (a deinit's stored property: after the deinit's
    /// body), which may be after the queue has run; so the queue waits,
    /// yielding, until its reference is the only one (at most 20 ms:
    /// another holder's release is then the last, wherever it runs).
    static func release<Owner: AnyObject & Sendable>(_ owner: Owner) {
        let held = Unmanaged.passRetained(owner)
        queue.async {
            var last = held.takeRetainedValue()
            let deadline = ContinuousClock.now + .milliseconds(20)
            while !isKnownUniquelyReferenced(&last), ContinuousClock.now < deadline { sched_yield() }
            withExtendedLifetime(last) {}
        }
    }

    /// `free(memory)` on a background thread.
    static func free(_ memory: UnsafeMutableRawPointer) {
        let address = UInt(bitPattern: memory)
        queue.async { Foundation.free(UnsafeMutableRawPointer(bitPattern: address)) }
    }

    /// Returns once everything handed over before has been let go (a test's barrier).
    static func drain() {
        queue.sync {}
    }
}
