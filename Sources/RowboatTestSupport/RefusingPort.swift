#if canImport(Glibc)
import Glibc
#endif

/// A server that is not there: a loopback port that refuses connections
/// (a socket bound to it that never listens) for as long as this lives, so
/// nothing else takes the port meanwhile. The dead-server tests and
/// benchmark point clients at it.
public final class RefusingPort: Sendable {
    public let port: Int
    let socket: Int32

    public init() throws(RefusingPortError) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RefusingPortError(reason: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw RefusingPortError(reason: "bind to 127.0.0.1: errno \(errno)")
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit { close(socket) }
}

/// Why a refusing port could not be made.
public struct RefusingPortError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "no refusing port: \(reason)" }
}
