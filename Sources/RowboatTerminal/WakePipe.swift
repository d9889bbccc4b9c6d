#if canImport(Glibc)
import Glibc
#endif

/// A self-pipe: background tasks and signal handlers write a byte to wake
/// the UI thread, which sleeps in `poll()` on the read end.
public final class WakePipe: Sendable {
    public let readFD: Int32
    public let writeFD: Int32

    public init() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("pipe() failed: \(errno)") }
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Wakes the reader; a full pipe already means "wake up".
    public func signal(_ byte: UInt8 = 0) {
        var b = byte
        _ = write(writeFD, &b, 1)
    }

    /// Reads and returns every pending byte.
    public func drain() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
