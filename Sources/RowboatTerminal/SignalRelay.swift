#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGWINCH, SIGINT, SIGTERM and SIGHUP into bytes on a wake pipe, so
/// the UI thread handles them in its loop instead of inside a handler.
enum SignalRelay {
    nonisolated(unsafe) static var fd: Int32 = -1
    static let relayed: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

    static func install(writingTo writeFD: Int32) {
        fd = writeFD
        for sig in relayed {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                var b = UInt8(truncatingIfNeeded: sig)
                _ = write(SignalRelay.fd, &b, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(sig, &action, nil)
        }
        signal(SIGPIPE, SIG_IGN)
    }

    static func uninstall() {
        for sig in relayed { signal(sig, SIG_DFL) }
    }
}
