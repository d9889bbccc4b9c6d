#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// Why a demo server could not be started.
public enum DemoServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The port is taken by another program (or another demo server).
    case portInUse(host: String, port: Int)
    /// The address could not be listened on for another reason (a host that
    /// is not this machine's, a port that needs privileges), said by libc.
    case cannotListen(host: String, port: Int, reason: String)
    /// Starting failed for a reason the checks above do not explain.
    case startFailed(String)
    /// The server stopped before it ever reported that it was listening.
    case stoppedBeforeListening

    public var description: String {
        switch self {
        case .portInUse(let host, let port): "port \(port) on \(host) is already in use"
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .startFailed(let reason): "demo server failed to start: \(reason)"
        case .stoppedBeforeListening: "demo server stopped before it was listening"
        }
    }

    /// What went wrong when a server on `host`:`port` failed to start with
    /// `error` (SwiftNIO's text, such as "bind(descriptor:ptr:bytes:):
    /// Address already in use) (errno: 98)", is not for users). An address
    /// in use, from `bind` or from `listen` (two programs that bound the
    /// same port at once: the one that listens second is refused), is
    /// `portInUse` whatever happens to the port after. Otherwise binding a
    /// socket of our own to the same address says why in our words; a host
    /// that is not an IPv4 address, or an address that binds now, keeps
    /// the error's own text.
    static func explaining(_ error: any Error, host: String, port: Int) -> DemoServerError {
        if let known = error as? DemoServerError { return known }
        if let io = error as? IOError, io.errnoCode == EADDRINUSE { return .portInUse(host: host, port: port) }
        switch BindCheck.errno(host: host, port: port) {
        case EADDRINUSE?: return .portInUse(host: host, port: port)
        case let code?: return .cannotListen(host: host, port: port, reason: String(cString: strerror(code)))
        case nil: return .startFailed(String(describing: error))
        }
    }
}

/// Binds a TCP socket to an IPv4 address (with `SO_REUSEADDR`, as the
/// server's own socket) and lets it go at once, to learn why a server
/// could not listen there.
enum BindCheck {
    /// The `errno` of binding to `host`:`port`, or nil when it binds or
    /// `host` is not a dotted IPv4 address.
    static func errno(host: String, port: Int) -> Int32? {
        var address = sockaddr_in()
        guard (0...65535).contains(port), inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 ? 0 : Glibc.errno
            }
        }
        return bound == 0 ? nil : bound
    }
}
