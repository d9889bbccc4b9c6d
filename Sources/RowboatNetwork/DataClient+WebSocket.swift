import HTTPTypes
import Logging
import NIOWebSocket
import RowboatParsing
import RowboatSpec
import Synchronization
import WSClient

/// A WebSocket stream (`stream: {websocket: true}`): the endpoint's request,
/// built as every request is (headers, `${ENV}`, credentials for the
/// server's origin, the credential gate), opened as a WebSocket by
/// swift-websocket's client; the `subscribe:` message goes first, then each
/// text message is one event read by a `StreamItemReader` (the mapping,
/// sanitizing and problem lines of SSE and NDJSON). A binary message is one
/// line and ignored. A message past `StreamItemReader.maxItemBytes` in one
/// frame is one line and skipped; one in several frames, or a frame past
/// `webSocketMaxFrame`, is refused by the client, which closes the socket
/// (1009), and said as the connection's failure, so it is backed off.
/// A connection that ends without the server's close frame is a failure too.
/// The client pings every `webSocketPingSeconds`: a peer that stopped
/// answering ends the connection within two periods instead of never. So
/// does a close the client missed: swift-websocket 1.6.2 asks NIO for
/// half-closure, and NIO's typed client upgrader does not hold back the
/// end of input while it upgrades, so a server that sends a few messages
/// and closes in the very moment the socket opens is sometimes not heard
/// at all (its messages nor its close); the ping then finds the socket
/// closed and the connection fails as one that ended without a close frame.
/// Messages that come with the upgrade's answer on a socket that stays
/// open are read (`HostileWebSocketServer`'s `/ws/burst`).
extension DataClient {
    /// The longest message read: a longer one is skipped or refused.
    static let webSocketMaxMessage = StreamItemReader.maxItemBytes
    /// The largest frame taken in (memory holds one at a time): a larger one closes the socket.
    static let webSocketMaxFrame = 16 << 20
    /// How often an open WebSocket is pinged (a pong must come within the same time).
    static let webSocketPingSeconds = 5

    /// `openStream` for a WebSocket endpoint: `request` is the endpoint's
    /// built request, `params` the params in force (for `subscribe`).
    func openWebSocket(_ endpoint: Endpoint, request: RequestSpec, params: [String: ParamValue], resume: StreamResume,
                       rows: RowModelBuilder?, items: Bool, onOpen: @escaping @Sendable () -> Void,
                       onBatch: @escaping @Sendable (StreamBatch, StreamResume, Double?) async -> Void)
        async throws(DataError) -> StreamResume {
        let subscribe: String?
        do {
            subscribe = try endpoint.stream?.subscribe?.message(params: params)
        } catch {
            throw .network("the subscribe message was not sent: \(error.description)")
        }
        guard URLOrigin(request.url) != nil else {
            throw .network("unsupported URL \"\(Sanitizer.clean(request.url, limit: 80))\"")
        }
        var (spec, _) = try await withCredentials(request)
        // The subscribe message goes where the request goes: a secret in it is checked as a body's would be.
        spec.body = subscribe.map { Array($0.utf8) }
        try CredentialGate.check(spec)
        var headers = HTTPFields()
        for (name, value) in spec.headers {
            guard let field = HTTPField.Name(name) else {
                throw .network("not sent to \(NetworkErrorText.hostPort(spec.url)): "
                               + "a header name holds a character no header name may carry")
            }
            headers.append(HTTPField(name: field, value: value))
        }
        let at = Mutex(resume)
        let configuration = WebSocketClientConfiguration(maxFrameSize: Self.webSocketMaxFrame, additionalHeaders: headers,
                                                         closeTimeout: .seconds(2),
                                                         autoPing: .enabled(timePeriod: .seconds(Self.webSocketPingSeconds)))
        let client = WebSocketClient(url: spec.url, configuration: configuration, logger: Self.quietLogger) { inbound, outbound, _ in
            var reader = StreamItemReader(item: endpoint.item, framing: .messages, nextIndex: resume.nextIndex, rows: rows, items: items)
            onOpen()
            if let subscribe { try await outbound.write(.text(subscribe)) }
            for try await message in inbound.messages(maxSize: Self.webSocketMaxMessage) {
                let batch: StreamBatch
                switch message {
                case .text(let text): batch = reader.feed(text.utf8)
                case .binary(let buffer): batch = reader.ignored(bytes: buffer.readableBytes)
                }
                let now = StreamResume(nextIndex: reader.nextIndex)
                at.withLock { $0 = now }
                if !batch.rows.isEmpty || !batch.items.isEmpty || !batch.problems.isEmpty { await onBatch(batch, now, nil) }
            }
        }
        let closed: WebSocketCloseFrame?
        do {
            closed = try await client.run()
        } catch {
            throw Self.webSocketError(error, url: spec.url, timeout: spec.timeoutSeconds)
        }
        let host = NetworkErrorText.hostPort(spec.url)
        guard let closed else {
            if Task.isCancelled { throw .network("cancelled") }
            throw .network("the WebSocket to \(host) ended without a close frame (the server went away, or sent a frame "
                           + "larger than \(Self.webSocketMaxFrame) bytes)")
        }
        if let why = Self.closeProblem(closed) { throw .network("\(host) closed the WebSocket: \(why)") }
        return at.withLock { $0 }
    }

    /// What a close frame says went wrong; nil for a normal close or a server going away.
    static func closeProblem(_ frame: WebSocketCloseFrame) -> String? {
        switch frame.closeCode {
        case .normalClosure, .goingAway: return nil
        default:
            let reason = Sanitizer.clean(frame.reason ?? "", limit: 120)
            return reason.isEmpty ? "code \(frame.closeCode)" : reason
        }
    }

    /// One line for a WebSocket client's failure.
    static func webSocketError(_ error: any Error, url: String, timeout: Double) -> DataError {
        let host = NetworkErrorText.hostPort(url)
        switch error as? WebSocketClientError {
        case .webSocketUpgradeFailed?:
            return .network("\(host) did not open a WebSocket at \(Sanitizer.clean(url, limit: 80)) (the upgrade was refused)")
        case .serverSentMessageTooLarge?:
            return .network("a message larger than \(webSocketMaxMessage) bytes from \(host) was refused (the WebSocket was closed)")
        case .serverSentDataInconsistentWithMessage?, .serverProtocolError?:
            return .network("\(host) broke the WebSocket protocol (the WebSocket was closed)")
        case .invalidURL?:
            return .network("unsupported URL \"\(Sanitizer.clean(url, limit: 80))\"")
        default:
            return NetworkErrorText.dataError(error, url: url, timeout: timeout)
        }
    }

    /// swift-websocket's client logs through swift-log: never to the terminal the UI owns.
    static let quietLogger: Logger = {
        var logger = Logger(label: "rowboat.websocket", factory: { _ in SwiftLogNoOpLogHandler() })
        logger.logLevel = .critical
        return logger
    }()
}
