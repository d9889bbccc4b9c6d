import Foundation
import RowboatSpec
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The redirect of a native app's sign-in (RFC 8252 7.3): a listener on
/// 127.0.0.1 with a port the system picks, that takes the browser's one
/// request to `path` and answers it with a short page. Only the loopback
/// interface: nothing else on the network can reach it.
public final class LoopbackRedirect: Sendable {
    let fd: Int32
    public let port: Int
    public let path: String

    /// The redirect URI to register and send: `http://127.0.0.1:<port><path>`.
    public var redirectURI: String { "http://127.0.0.1:\(port)\(path)" }

    public init(path: String) throws(DataError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .auth("cannot open the sign-in's loopback listener: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .auth("cannot listen on 127.0.0.1 for the sign-in's redirect: \(reason)")
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.path = path
    }

    deinit { close(fd) }

    /// A request the listener took.
    public struct Arrival: Sendable {
        /// The query's params (decoded), in order.
        public var params: [(String, String)]

        public func param(_ name: String) -> String? { params.first { $0.0 == name }?.1 }
    }

    /// Waits (off the caller's thread) for a request to `path` whose answer
    /// `accept` judges: it returns the page's text and whether to stop.
    /// Requests to other paths get a 404. Nil after `seconds`, or when the
    /// task is cancelled.
    public func wait(seconds: Double, accept: @escaping @Sendable (Arrival) -> (page: String, done: Bool)) async -> Arrival? {
        let fd = fd, path = path
        let cancelled = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Arrival?, Never>) in
                Thread.detachNewThread {
                    continuation.resume(returning: Self.serve(fd: fd, path: path, seconds: seconds, cancelled: cancelled,
                                                              accept: accept))
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Blocking: accepts connections until one is accepted as done, the time is up or `cancelled`.
    static func serve(fd: Int32, path: String, seconds: Double, cancelled: CancelFlag,
                      accept: (Arrival) -> (page: String, done: Bool)) -> Arrival? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !cancelled.isSet {
            var listener = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&listener, 1, 200) > 0 else { continue }
            let client = Glibc.accept(fd, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            defer { close(client) }
            guard let target = readRequestTarget(client) else {
                respond(client, status: "400 Bad Request", page: "Not a request rowboat understands.")
                continue
            }
            var components = URLComponents(string: "http://127.0.0.1" + target)
            guard components?.percentEncodedPath == path else {
                respond(client, status: "404 Not Found", page: "Not the sign-in's redirect.")
                continue
            }
            // `+` is a space in a form-encoded query (a server may write one).
            let query = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%20")
            components?.percentEncodedQuery = query
            let items: [URLQueryItem] = components?.queryItems ?? []
            let arrival = Arrival(params: items.map { item -> (String, String) in (item.name, item.value ?? "") })
            let (page, done) = accept(arrival)
            respond(client, status: done ? "200 OK" : "400 Bad Request", page: page)
            if done { return arrival }
        }
        return nil
    }

    /// The request line's target, read within 5 s and 16 KiB.
    static func readRequestTarget(_ client: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while bytes.count < 16384, Date() < deadline {
            var p = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) > 0 else { continue }
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[0..<n]
            if bytes.count >= 4, bytes.indices.dropLast(3).contains(where: {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }) { break }
        }
        guard let lineEnd = bytes.firstIndex(of: 13) ?? bytes.firstIndex(of: 10) else { return nil }
        let words = String(decoding: bytes[..<lineEnd], as: UTF8.self).split(separator: " ")
        guard words.count == 3, words[0] == "GET", words[1].hasPrefix("/") else { return nil }
        return String(words[1])
    }

    static func respond(_ client: Int32, status: String, page: String) {
        let html = "<!doctype html><meta charset=utf-8><title>rowboat</title><p>\(escapeHTML(page))</p>\n"
        let text = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(html.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + html
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// A flag set once from any thread.
final class CancelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
