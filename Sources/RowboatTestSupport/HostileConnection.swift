#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One accepted connection of the hostile server, driven by plain blocking
/// socket calls on its own thread so that every byte, pause and reset is
/// exactly what the route asks for (no framework in between).
final class HostileConnection {
    let fd: Int32
    let core: HostileCore
    private var closed = false

    /// `POLLRDHUP` (the peer shut down its side); not exported by Glibc.
    static let pollPeerHangUp: Int16 = 0x2000

    init(fd: Int32, core: HostileCore) {
        self.fd = fd
        self.core = core
        // Short send/receive timeouts so loops can notice stop() and a peer
        // that stopped reading without ever blocking for long.
        var slice = timeval(tv_sec: 0, tv_usec: 250_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &slice, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close() }

    /// Reads one request head (up to 16 KiB, within 10 s); nil when the
    /// peer sent something else or nothing.
    func readRequest() -> HostileRequest? {
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(10)
        while data.count < 16 * 1024, Date() < deadline, !core.isStopping {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 {
                data += chunk[0..<n]
                if var head = HostileRequest(head: data) {
                    head.body = readBody(length: head.header("Content-Length").flatMap { Int($0) } ?? 0,
                                         after: data, deadline: deadline)
                    return head
                }
            } else if n == 0 {
                return nil
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                return nil
            }
        }
        return nil
    }

    /// The request body that follows the head in `data`: `length` bytes
    /// (at most 4 MiB), read on until they are all here or the deadline.
    func readBody(length: Int, after data: [UInt8], deadline: Date) -> [UInt8] {
        let wanted = min(max(length, 0), 4 << 20)
        guard wanted > 0, let end = HostileRequest.headEnd(data) else { return [] }
        var body = Array(data[end...].prefix(wanted))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while body.count < wanted, Date() < deadline, !core.isStopping {
            let n = recv(fd, &chunk, min(chunk.count, wanted - body.count), 0)
            if n > 0 {
                body += chunk[0..<n]
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                break
            }
        }
        return body
    }

    /// Sends all of `bytes`; false once the peer is gone or the server stops.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if core.isStopping || closed { return false }
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                offset += n
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends a status line and headers (nothing added).
    @discardableResult
    func sendHead(_ status: Int, _ headers: [(String, String)]) -> Bool {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return send(head + "\r\n")
    }

    /// A complete response with Content-Length and `Connection: close`.
    @discardableResult
    func respond(_ status: Int, contentType: String? = "application/json; charset=utf-8",
                 headers: [(String, String)] = [], body: [UInt8] = []) -> Bool {
        var all = [("Server", "rowboat-hostile"), ("Connection", "close")]
        if let contentType, !(status == 204 || status == 304) { all.append(("Content-Type", contentType)) }
        if status != 204 && status != 304 { all.append(("Content-Length", String(body.count))) }
        all += headers
        return sendHead(status, all) && send(body)
    }

    /// Waits `seconds`, in short slices; false as soon as the peer hangs up
    /// or the server stops (a route that stalls ends with its client).
    func pause(_ seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var scratch = [UInt8](repeating: 0, count: 1024)
        while true {
            if core.isStopping || closed { return false }
            let left = end.timeIntervalSinceNow
            if left <= 0 { return true }
            var p = pollfd(fd: fd, events: Int16(POLLIN) | Self.pollPeerHangUp, revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 0.1) * 1000) + 1)
            if ready > 0 {
                if p.revents & (Self.pollPeerHangUp | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0 {
                    return false
                }
                if p.revents & Int16(POLLIN) != 0 {
                    // A pipelined request or garbage: read and ignore it.
                    let n = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                    if n == 0 { return false }
                }
            }
        }
    }

    /// Ends the connection with a TCP reset (SO_LINGER 0), not a FIN.
    func reset() {
        guard !closed else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    /// Ends the connection normally: half-close, then close.
    func finish() {
        guard !closed else { return }
        shutdown(fd, Int32(SHUT_WR))
        // Let the client read what was sent before the socket goes away.
        _ = pause(0.05)
        close()
    }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 307: "Temporary Redirect"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A parsed request head: method, path, query items and headers.
public struct HostileRequest: Sendable {
    public var method: String
    /// The request target as it came (percent-encoded, with its query).
    public var target: String
    public var path: String
    public var query: [String: String]
    public var headers: [(String, String)]
    /// The body sent with the head (POST forms: a token request).
    public var body: [UInt8] = []

    /// Where the body starts: just after the head's blank line.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == end }).map { $0 + 4 }
    }

    /// Parses a complete head (`…\r\n\r\n`); nil while it is incomplete or
    /// when the request line is unreadable.
    init?(head bytes: [UInt8]) {
        guard let stop = Self.headEnd(bytes).map({ $0 - 4 }) else { return nil }
        let text = String(decoding: bytes[0..<stop], as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let parts = lines.removeFirst().split(separator: " ")
        guard parts.count >= 2 else { return nil }
        method = String(parts[0])
        let target = String(parts[1])
        self.target = target
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = pieces.first.map(String.init) ?? "/"
        query = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
                query[key] = value
            }
        }
        headers = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    func double(_ key: String, default fallback: Double) -> Double {
        query[key].flatMap(Double.init).map { $0.isFinite ? max(0, $0) : fallback } ?? fallback
    }

    func int(_ key: String, default fallback: Int) -> Int {
        query[key].flatMap { Int($0) } ?? fallback
    }
}
