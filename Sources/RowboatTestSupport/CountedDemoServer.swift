import Foundation
import RowboatDemo

/// A demo server whose requests are tallied per path, for tests that
/// assert how often a URL was fetched ("the token once, the list three
/// times"). The product's `DemoServer` counts nothing; this one hears every
/// request through its `onRequest` hook. Everything else reads through to
/// the server (`counted.baseURL`, `counted.catalog`).
@dynamicMemberLookup
public final class CountedDemoServer: Sendable {
    /// The server itself.
    public let server: DemoServer
    /// Every request's path, tallied (no requests kept).
    public let requests: RequestLog<Void>

    init(server: DemoServer, requests: RequestLog<Void>) {
        self.server = server
        self.requests = requests
    }

    /// `DemoServer.start`, counted.
    public static func start(host: String = "127.0.0.1", port: Int = 0,
                             now: Double = Date().timeIntervalSince1970) async throws -> CountedDemoServer {
        let log = RequestLog<Void>(keep: 0)
        let server = try await DemoServer.start(host: host, port: port, now: now) { log.record(path: $0) }
        return CountedDemoServer(server: server, requests: log)
    }

    /// `DemoServer.withRunning`, counted: `body` runs against a fresh server
    /// on 127.0.0.1, which is always stopped after.
    @discardableResult
    public static func withRunning<T: Sendable>(_ body: (CountedDemoServer) async throws -> T) async throws -> T {
        let log = RequestLog<Void>(keep: 0)
        return try await DemoServer.withRunning(onRequest: { log.record(path: $0) }) { server in
            try await body(CountedDemoServer(server: server, requests: log))
        }
    }

    public subscript<T>(dynamicMember path: KeyPath<DemoServer, T>) -> T {
        server[keyPath: path]
    }

    /// Stops the server (see `DemoServer.stop`).
    public func stop() async {
        await server.stop()
    }

    /// How many images the server has rendered (cache misses).
    public func imageRenderCount() async -> Int {
        await server.imageRenderCount()
    }

    /// Requests received for exactly this path (no query), e.g. "/api/items".
    public func requestCount(path: String) -> Int {
        requests.count(path: path)
    }

    /// Requests received for all paths.
    public var totalRequests: Int {
        requests.total
    }

    /// Forgets all request counts.
    public func resetRequestCounts() {
        requests.reset()
    }
}
