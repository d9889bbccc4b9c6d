#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Marks the thread it runs on as background work: its nice value goes to
/// `nice` (Linux schedules each thread by its own), so the UI thread,
/// left at the process's priority, gets a core at once when a key comes
/// while a big body is decoded and made into rows on both cores. On an
/// idle machine it changes nothing: the threads still get every free
/// core. A thread is lowered once; the threads are the shared pool's and
/// the row queue's, which only ever run background work. Only while a
/// terminal UI runs (`uiIsRunning`): a `fetch` or a probe has no keys to
/// answer, and lowered it would only lose cores to other programs.
public enum BackgroundPriority {
    /// How much lower than the UI thread background work runs: enough for
    /// the UI thread to win a core at once (weight 1024 against 335), not
    /// so much that a load crawls beside another busy program.
    public static let nice: Int32 = 5

    private static let running = Atomic<Bool>(false)

    /// Set by the terminal's run loop while it runs.
    public static var uiIsRunning: Bool {
        get { running.load(ordering: .relaxed) }
        set { running.store(newValue, ordering: .relaxed) }
    }

    /// Lowers the calling thread (once; a no-op where not supported).
    public static func lowerCurrentThread() {
        #if os(Linux)
        guard uiIsRunning, let thread = currentThreadID() else { return }
        errno = 0
        let now = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        guard errno == 0, now < nice else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, nice)
        #endif
    }

    /// The calling thread's id, from /proc/thread-self ("PID/task/TID";
    /// `gettid` is a variadic `syscall` Swift cannot call).
    public static func currentThreadID() -> id_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { id_t($0) }
    }
}
