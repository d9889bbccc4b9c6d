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
    /// reference may be the last but one.
    static func release(_ owner: some AnyObject & Sendable) {
        queue.async { withExtendedLifetime(owner) {} }
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
