#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatProcess

/// The benchmark harness's own threads that note times (a pty's reader)
/// run at a higher priority than everything measured, when the process
/// may raise it (root, as CI runs it): on two cores shared with the demo
/// server the harness generates the load on, a reader waiting for a core
/// would count its wait as the program's.
enum HarnessPriority {
    static let nice: Int32 = -10

    /// Raises the calling thread (a no-op where not allowed).
    static func raiseCurrentThread() {
        guard let thread = BackgroundPriority.currentThreadID() else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, nice)
    }
}
