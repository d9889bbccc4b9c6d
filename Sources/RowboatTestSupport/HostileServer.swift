#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import RowboatDemo

/// A deliberately misbehaving HTTP/1.1 server for fault and hostile-input
/// tests (`rowboat-hostile` runs one by hand). It listens on 127.0.0.1 only,
/// on two ports: the main one, and a second "other origin" that a
/// cross-origin redirect points at. Routes are listed in `HostileRoutes`
/// and in docs/reliability.md.
///
/// It is written on plain sockets with a thread per connection so that a
/// route can send exactly the bytes, pauses and resets it wants.
public final class HostileServer: Sendable {
    public static let host = "127.0.0.1"
    /// The main port.
    public let port: Int
    /// The second port, a different origin for redirects.
    public let otherPort: Int
    let core: HostileCore

    /// e.g. "http://127.0.0.1:49152"
    public var baseURL: String { "http://\(Self.host):\(port)" }
    /// The other origin, e.g. "http://127.0.0.1:49153"
    public var otherOriginURL: String { "http://\(Self.host):\(otherPort)" }

    private init(port: Int, otherPort: Int, core: HostileCore) {
        self.port = port
        self.otherPort = otherPort
        self.core = core
    }

    /// Binds both ports on 127.0.0.1 (0 picks free ones) and starts
    /// accepting. `slowPageDelay` is how long page 3 of
    /// `/pages/out-of-order` takes.
    public static func start(port: Int = 0, otherPort: Int = 0, slowPageDelay: Double = 3) throws -> HostileServer {
        let core = HostileCore(slowPageDelay: slowPageDelay)
        let main = try HostileListener.bind(port: port)
        let other: HostileListener
        do {
            other = try HostileListener.bind(port: otherPort)
        } catch {
            main.close()
            throw error
        }
        core.setPorts(main: main.port, other: other.port)
        core.serve(main, origin: .main)
        core.serve(other, origin: .other)
        return HostileServer(port: main.port, otherPort: other.port, core: core)
    }

    /// Stops accepting, ends every open connection and returns once the
    /// threads have let go (at most a few seconds).
    public func stop() {
        core.stop()
    }

    /// Requests seen for exactly this path on either port (no query), all
    /// of them since the server started.
    public func requestCount(path: String) -> Int {
        core.counts()[path] ?? 0
    }

    /// The requests seen for `path`, oldest first (the last 500 kept).
    public func requests(path: String) -> [HostileRequest] {
        core.requests(path: path)
    }

    /// Connections currently open (a route that stalls holds one until its
    /// client gives up).
    public var openConnections: Int {
        core.openConnections
    }
}

/// A listening socket on 127.0.0.1.
struct HostileListener: Sendable {
    let fd: Int32
    let port: Int

    static func bind(port: Int) throws -> HostileListener {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HostileServerError.socket(errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(HostileServer.host)
        address.sin_port = UInt16(clamping: port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                Glibc.bind(fd, sa, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, sa, &length) == 0
            }
        }
        guard ok else {
            let code = errno
            Glibc.close(fd)
            throw HostileServerError.bind(port: port, code)
        }
        return HostileListener(fd: fd, port: Int(UInt16(bigEndian: address.sin_port)))
    }

    func close() { Glibc.close(fd) }
}

/// Why the hostile server could not start.
public enum HostileServerError: Error, CustomStringConvertible {
    case socket(Int32)
    case bind(port: Int, Int32)

    public var description: String {
        switch self {
        case .socket(let code): "hostile server: socket: \(String(cString: strerror(code)))"
        case .bind(let port, let code): "hostile server: cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))"
        }
    }
}

/// What the server threads share: the stop flag, the request log, retry
/// counters and the count of open connections.
final class HostileCore: Sendable {
    enum Origin: Sendable { case main, other }

    struct State {
        var stopping = false
        var retries: [String: Int] = [:]
        var open = 0
        var threads = 0
        var mainPort = 0
        var otherPort = 0
    }

    let slowPageDelay: Double
    private let state = Mutex(State())
    /// Every request but `/requests` itself (the tally the tests read).
    let log = RequestLog<HostileRequest>()

    init(slowPageDelay: Double) {
        self.slowPageDelay = slowPageDelay
    }

    var isStopping: Bool { state.withLock { $0.stopping } }
    var openConnections: Int { state.withLock { $0.open } }
    var mainPort: Int { state.withLock { $0.mainPort } }
    var otherPort: Int { state.withLock { $0.otherPort } }

    func setPorts(main: Int, other: Int) {
        state.withLock { $0.mainPort = main; $0.otherPort = other }
    }

    func record(_ request: HostileRequest) {
        if request.path != "/requests" { log.record(path: request.path, request) }
    }

    /// Requests seen per path since the start (`/requests` itself not counted).
    func counts() -> [String: Int] {
        log.snapshot
    }

    func requests(path: String) -> [HostileRequest] {
        log.entries(path: path)
    }

    /// Counts one more request for a retry key; returns the count so far.
    func nextAttempt(_ key: String) -> Int {
        state.withLock { s in
            s.retries[key, default: 0] += 1
            return s.retries[key]!
        }
    }

    /// Starts the accept thread for `listener`.
    func serve(_ listener: HostileListener, origin: Origin) {
        state.withLock { $0.threads += 1 }
        let thread = Thread { [self] in
            acceptLoop(listener, origin: origin)
            listener.close()
            state.withLock { $0.threads -= 1 }
        }
        thread.name = "rowboat-hostile-accept"
        thread.start()
    }

    private func acceptLoop(_ listener: HostileListener, origin: Origin) {
        while !isStopping {
            var p = pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let fd = accept(listener.fd, nil, nil)
            guard fd >= 0 else { continue }
            state.withLock { $0.open += 1; $0.threads += 1 }
            let thread = Thread { [self] in
                let connection = HostileConnection(fd: fd, core: self)
                if let request = connection.readRequest() {
                    record(request)
                    HostileRoutes.handle(request, on: connection, origin: origin)
                }
                connection.finish()
                state.withLock { $0.open -= 1; $0.threads -= 1 }
            }
            thread.name = "rowboat-hostile-connection"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func stop() {
        state.withLock { $0.stopping = true }
        let deadline = Date().addingTimeInterval(5)
        while state.withLock({ $0.threads }) > 0, Date() < deadline {
            usleep(10_000)
        }
    }
}

import ServiceLifecycle

extension HostileServer {
    /// Runs a hostile server in the foreground until SIGINT or SIGTERM.
    /// Once listening it calls `onListening` with one line naming both
    /// ports (the server itself never prints).
    public static func runForever(
        port: Int = 8080, otherPort: Int = 0,
        onListening: @escaping @Sendable (_ line: String) -> Void
    ) async throws {
        try await ServiceGroups.runInForeground(HostileService(port: port, otherPort: otherPort, onListening: onListening))
    }
}

/// The hostile server as a service: started, then stopped on shutdown.
struct HostileService: Service {
    let port: Int
    let otherPort: Int
    let onListening: @Sendable (String) -> Void

    func run() async throws {
        let server = try HostileServer.start(port: port, otherPort: otherPort)
        onListening("hostile demo server listening on \(server.baseURL) (other origin: \(server.otherOriginURL)); routes: \(server.baseURL)/")
        try? await gracefulShutdown()
        server.stop()
    }
}
