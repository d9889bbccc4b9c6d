import Foundation
import RowboatProcess

/// Runs blocking terminal work on its own thread (the one thread that owns
/// ncurses) and resumes the caller when it ends, leaving Swift's
/// cooperative threads free for network tasks.
package enum UIThread {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                // Named by the thread itself (`ThreadName`: Foundation's
                // setter dropped the name when the thread ran first).
                ThreadName.setCurrent("rowboat-ui")
                continuation.resume(returning: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
