import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A running demo catalog server on a local address.
///
/// `start(host:port:)` returns once the socket is listening; `stop()` shuts
/// it down gracefully. The server never logs; whoever starts it may hear of
/// each request's path (`onRequest`).
public final class DemoServer: Sendable {
    /// The host the server is bound to, e.g. "127.0.0.1".
    public let host: String
    /// The bound port (the real one when started with port 0).
    public let port: Int
    /// Root URL of the server, e.g. "http://127.0.0.1:49152".
    public let baseURL: String
    private let state: DemoServerState
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>

    private init(host: String, port: Int, state: DemoServerState, group: ServiceGroup, runTask: Task<Void, Never>) {
        self.host = host
        self.port = port
        baseURL = DemoApplication.baseURL(host: host, port: port)
        self.state = state
        self.group = group
        self.runTask = runTask
    }

    /// Starts a server bound only to `host` on `port` (0 picks a free port)
    /// and returns once it is listening. Item dates are recent as seen from
    /// `now` (seconds since the epoch). `onRequest` is told every request's
    /// path (query excluded; unmatched paths too) before it is handled.
    public static func start(host: String = "127.0.0.1", port: Int = 0, now: Double = Date().timeIntervalSince1970,
                             onRequest: (@Sendable (String) -> Void)? = nil) async throws -> DemoServer {
        let state = DemoServerState(catalog: DemoCatalog(baseURL: DemoApplication.baseURL(host: host, port: port),
                                                         newest: DemoCatalog.newest(startedAt: now)),
                                    onRequest: onRequest)
        let (events, continuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let app = DemoApplication.make(host: host, port: port, state: state) { bound in
            continuation.yield(.success(bound))
        }
        let group = ServiceGroups.make(app)
        let runTask = Task {
            do {
                try await group.run()
                continuation.yield(.failure(DemoServerError.stoppedBeforeListening))
            } catch {
                continuation.yield(.failure(error))
            }
            continuation.finish()
        }
        var iterator = events.makeAsyncIterator()
        switch await iterator.next() {
        case .success(let bound):
            return DemoServer(host: host, port: bound, state: state, group: group, runTask: runTask)
        case .failure(let error):
            await runTask.value
            throw DemoServerError.explaining(error, host: host, port: port)
        case nil:
            // Our caller was cancelled while we waited for the socket.
            await group.triggerGracefulShutdown()
            await runTask.value
            throw CancellationError()
        }
    }

    /// Shuts the server down gracefully (escalating to cancellation after
    /// five seconds) and returns once it has stopped. Safe to call twice.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await runTask.value
    }

    /// The catalog being served, with image URLs under `baseURL`.
    public var catalog: DemoCatalog {
        state.catalog
    }

    /// How many images have actually been rendered (cache misses).
    public func imageRenderCount() async -> Int {
        await state.images.renderCount
    }
}
