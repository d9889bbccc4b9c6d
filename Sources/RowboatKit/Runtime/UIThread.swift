import Foundation

/// Runs blocking terminal work on its own thread (the one thread that owns
/// ncurses) and resumes the caller when it ends, leaving Swift's
/// cooperative threads free for network tasks.
package enum UIThread {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                // Named by the thread itself, in the kernel's own place for it:
                // Foundation's `name` did not reach the thread every time (it
                // kept its maker's, a pool thread's, in `top -H` and `perf`).
                try? "rowboat-ui".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
                continuation.resume(returning: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
