#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread in the kernel (its `comm`: what `top -H`,
/// `perf` and /proc show; 15 bytes at most), by writing
/// /proc/thread-self/comm with plain system calls. Foundation's
/// `Thread.name` setter applies a name only once `start()` has stored the
/// thread's handle, which a new thread that runs first has not seen yet:
/// under load the name was dropped. (Swift's Glibc module does not declare
/// `pthread_setname_np`.)
public enum ThreadName {
    public static func setCurrent(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = write(fd, bytes, bytes.count)
        close(fd)
        #endif
    }
}
