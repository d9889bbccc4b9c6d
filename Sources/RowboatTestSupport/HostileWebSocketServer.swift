import Foundation
import Hummingbird
import HummingbirdWebSocket
import RowboatDemo
import ServiceLifecycle

/// WebSocket routes that misbehave, on 127.0.0.1, for the WebSocket
/// stream's tests. Every upgrade's request headers and every text message
/// the client sends are kept (`upgrades`, `received`), each connection
/// counted by path. Each route sends its events as `{"id": …, "name": …}`
/// text messages; those marked (after subscribe) first wait for the
/// client's first message (a server that closes in the very moment it
/// opens can lose its last messages to swift-websocket's client: see
/// `DataClient+WebSocket`):
/// - `/ws/record`: waits for the client's first message, then two events,
///   then a normal close.
/// - `/ws/not-json` (after subscribe): `hello` (not JSON), then an event, then a normal close.
/// - `/ws/binary` (after subscribe): a binary message, then an event, then a normal close.
/// - `/ws/huge` (after subscribe): an event, then one 2 MiB text frame, then an event and a normal close.
/// - `/ws/huge-fragments` (after subscribe): an event, then a 2 MiB text message in 16 KiB frames.
/// - `/ws/giant` (after subscribe): an event, then one 17 MiB text frame.
/// - `/ws/close-at-once`: closes (normally) as soon as it is open.
/// - `/ws/burst`: two events as soon as it is open, then stays open until the client leaves.
/// - `/ws/refuse`: waits for the client's first message, then closes with
///   1008 and a reason.
/// - `/ws/echo-close`: closes with 1008 and the client's first message as
///   the reason (a server that repeats what it was sent).
/// Anything else is not upgraded (a plain 404).
public final class HostileWebSocketServer: Sendable {
    public let port: Int
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// Each upgrade's request headers (lowercased names), by path.
    public let upgrades: RequestLog<[String: String]>
    /// Each text message a client sent, by path.
    public let received: RequestLog<String>
    private let group: ServiceGroup
    private let runTask: Task<Void, Never>

    private init(port: Int, upgrades: RequestLog<[String: String]>, received: RequestLog<String>, group: ServiceGroup,
                 runTask: Task<Void, Never>) {
        self.port = port
        baseURL = "http://127.0.0.1:\(port)"
        self.upgrades = upgrades
        self.received = received
        self.group = group
        self.runTask = runTask
    }

    /// An event's text.
    public static func event(_ id: Int, _ name: String) -> String { "{\"id\":\"\(id)\",\"name\":\"\(name)\"}" }

    /// Starts the server on 127.0.0.1 (`port` 0: a free one) and returns once it listens.
    public static func start(port: Int = 0) async throws -> HostileWebSocketServer {
        let upgrades = RequestLog<[String: String]>()
        let received = RequestLog<String>()
        let (bound, listening) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: Router(),
            server: .http1WebSocketUpgrade { request, _, _ in
                let path = request.path.flatMap { URLComponents(string: $0)?.path } ?? ""
                guard let handler = route(path, received: received) else { return .dontUpgrade }
                upgrades.record(path: path, Dictionary(request.headerFields.map { ($0.name.canonicalName, $0.value) }) { a, _ in a })
                return .upgrade([:], handler)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "rowboat-hostile-ws"),
            onServerRunning: { channel in listening.yield(channel.localAddress?.port ?? port) },
            logger: QuietLogger.make())
        let group = ServiceGroups.make(app)
        let runTask = Task {
            try? await group.run()
            listening.finish()
        }
        var iterator = bound.makeAsyncIterator()
        guard let port = await iterator.next() else {
            await runTask.value
            throw CancellationError()
        }
        return HostileWebSocketServer(port: port, upgrades: upgrades, received: received, group: group, runTask: runTask)
    }

    /// Runs `body` against a fresh server, always stopped after.
    @discardableResult
    public static func withRunning<T: Sendable>(_ body: (HostileWebSocketServer) async throws -> T) async throws -> T {
        try await Scoped.run(try await start(), stop: { await $0.stop() }, body)
    }

    /// Stops the server and returns once it has stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await runTask.value
    }

    static func route(_ path: String, received: RequestLog<String>) -> WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>? {
        let handlers: [String: WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>] = [
            "/ws/record": { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                guard case .text(let text)? = try await messages.next() else { return }
                received.record(path: path, text)
                try await outbound.write(.text(event(1, "first")))
                try await outbound.write(.text(event(2, "second")))
                try await outbound.close(.normalClosure, reason: nil)
            },
            "/ws/not-json": afterSubscribe { outbound in
                try await outbound.write(.text("hello"))
                try await outbound.write(.text(event(2, "after")))
                try await outbound.close(.normalClosure, reason: nil)
            },
            "/ws/binary": afterSubscribe { outbound in
                try await outbound.write(.binary(ByteBuffer(bytes: [0, 1, 2, 0xFF])))
                try await outbound.write(.text(event(1, "text")))
                try await outbound.close(.normalClosure, reason: nil)
            },
            "/ws/huge": afterSubscribe { outbound in
                try await outbound.write(.text(event(1, "small")))
                try await outbound.write(.text("[\"" + String(repeating: "x", count: 2 << 20) + "\"]"))
                try await outbound.write(.text(event(3, "after")))
                try await outbound.close(.normalClosure, reason: nil)
            },
            "/ws/giant": afterSubscribe { outbound in
                try await outbound.write(.text(event(1, "small")))
                try await outbound.write(.text("[\"" + String(repeating: "z", count: 17 << 20) + "\"]"))
            },
            "/ws/huge-fragments": afterSubscribe { outbound in
                try await outbound.write(.text(event(1, "small")))
                try await outbound.writeTextMessage("[\"" + String(repeating: "y", count: 2 << 20) + "\"]")
            },
            "/ws/burst": { inbound, outbound, _ in
                try await outbound.write(.text(event(1, "one")))
                try await outbound.write(.text(event(2, "two")))
                for try await _ in inbound {}
            },
            "/ws/close-at-once": { _, outbound, _ in
                try await outbound.close(.normalClosure, reason: nil)
            },
            "/ws/echo-close": { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                guard case .text(let text)? = try await messages.next() else { return }
                try await outbound.close(.policyViolation, reason: "bad subscribe " + String(text.utf8.prefix(100))!)
            },
            "/ws/refuse": { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                _ = try await messages.next()
                try await outbound.close(.policyViolation, reason: "no such channel")
            },
        ]
        return handlers[path]
    }

    /// `send`, once the client's first message has come; then what the
    /// client sends is read (and dropped) until it leaves.
    static func afterSubscribe(_ send: @escaping @Sendable (WebSocketOutboundWriter) async throws -> Void)
        -> WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context> {
        { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
            guard try await messages.next() != nil else { return }
            try await send(outbound)
            while try await messages.next() != nil {}
        }
    }
}
