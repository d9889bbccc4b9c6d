import Foundation

/// Runs blocking terminal work on its own thread (the one thread that owns
/// ncurses) and resumes the caller when it ends, leaving Swift's
/// cooperative threads free for network tasks.
package enum UIThread {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                // Named by the thread itself, which sets the kernel's name
                // (`comm`) at once; a name given before the start did not reach
                // the thread every time (it kept its maker's, a pool thread's,
                // in `top -H` and `perf`). Not written to /proc/thread-self/comm:
                // that was Foundation's first file write, on the way to the
                // first frame.
                Thread.current.name = "rowboat-ui"
                continuation.resume(returning: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
