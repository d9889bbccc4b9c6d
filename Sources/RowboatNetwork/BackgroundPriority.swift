#if canImport(Glibc)
import Glibc
#endif

/// Marks the thread it runs on as background work: its nice value goes to
/// `nice` (Linux schedules each thread by its own), so the UI thread,
/// left at the process's priority, gets a core at once when a key comes
/// while a big body is decoded and made into rows on both cores. On an
/// idle machine it changes nothing: the threads still get every free
/// core. A thread is lowered once; the threads are the shared pool's and
/// the row queue's, which only ever run background work.
public enum BackgroundPriority {
    /// How much lower than the UI thread background work runs.
    public static let nice: Int32 = 10

    /// Lowers the calling thread (once; a no-op where not supported).
    public static func lowerCurrentThread() {
        #if os(Linux)
        guard let thread = currentThreadID() else { return }
        errno = 0
        let now = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        guard errno == 0, now < nice else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, nice)
        #endif
    }

    /// The calling thread's id, from /proc/thread-self ("PID/task/TID";
    /// `gettid` is a variadic `syscall` Swift cannot call).
    static func currentThreadID() -> id_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { id_t($0) }
    }
}
