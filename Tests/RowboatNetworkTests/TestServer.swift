import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RowboatDemo
import Synchronization

/// One request as the test server saw it.
struct SeenRequest: Sendable {
    var method: String
    var path: String
    /// The raw query (percent-encoded), "" when there is none.
    var query: String
    var headers: [(String, String)]
    var body: String

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// Decoded query items in order.
    var queryItems: [(String, String)] {
        var c = URLComponents()
        c.percentEncodedQuery = query.isEmpty ? nil : query
        return (c.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    }

    func param(_ name: String) -> String? { queryItems.first { $0.0 == name }?.1 }
    func int(_ name: String) -> Int? { param(name).flatMap { Int($0) } }
}

/// What a test handler answers.
struct Reply: Sendable {
    var status: Int = 200
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    /// When set, the body is streamed in these chunks without a length.
    var chunks: [[UInt8]]? = nil
    /// Seconds to stall before answering.
    var stall: Double = 0

    static func json(_ object: Any, status: Int = 200, headers: [(String, String)] = []) -> Reply {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Reply(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(data))
    }

    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain") -> Reply {
        Reply(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    static func redirect(_ location: String, status: Int = 302) -> Reply {
        Reply(status: status, headers: [("Location", location)])
    }
}

/// A Hummingbird server on 127.0.0.1 with an ephemeral port that records
/// every request and answers from `handler(request, baseURL)`.
final class TestServer: Sendable {
    typealias Handler = @Sendable (SeenRequest, String) async throws -> Reply

    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private let seen = Mutex<[SeenRequest]>([])
    private let task: Mutex<Task<Void, any Error>?>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = Mutex(task)
    }

    /// Requests seen so far, in arrival order.
    var requests: [SeenRequest] { seen.withLock { $0 } }

    /// Requests seen for `path`.
    func requests(path: String) -> [SeenRequest] { requests.filter { $0.path == path } }

    static func start(_ handler: @escaping Handler) async throws -> TestServer {
        let recorder = Recorder()
        let router = Router()
        let portBox = Recorder()
        router.get("**") { request, _ in try await respond(request, recorder, portBox, handler) }
        router.post("**") { request, _ in try await respond(request, recorder, portBox, handler) }
        let (port, task) = try await startOnLoopback(router)
        portBox.port.withLock { $0 = port }
        let server = TestServer(port: port, task: task)
        recorder.server.withLock { $0 = server }
        return server
    }

    fileprivate func record(_ request: SeenRequest) { seen.withLock { $0.append(request) } }

    /// Stops the server and waits until it is gone.
    func stop() async {
        guard let task = task.withLock({ t in defer { t = nil }; return t }) else { return }
        task.cancel()
        _ = await task.result
    }

    private static func respond(_ request: Request, _ recorder: Recorder, _ portBox: Recorder,
                                _ handler: Handler) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        let seen = SeenRequest(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            headers: request.headers.map { ($0.name.rawName, $0.value) },
            body: String(buffer: body))
        recorder.server.withLock { $0 }?.record(seen)
        let reply = try await handler(seen, "http://127.0.0.1:\(portBox.port.withLock { $0 })")
        if reply.stall > 0 { try await Task.sleep(nanoseconds: UInt64(reply.stall * 1e9)) }
        var fields = HTTPFields()
        for (name, value) in reply.headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        let status = HTTPResponse.Status(code: reply.status)
        if let chunks = reply.chunks {
            return Response(status: status, headers: fields, body: ResponseBody { writer in
                for chunk in chunks {
                    try await writer.write(ByteBuffer(bytes: chunk))
                    try await Task.sleep(nanoseconds: 5_000_000)
                }
                try await writer.finish(nil)
            })
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}

/// Runs `router` behind `server` on 127.0.0.1 at a free port, quietly;
/// returns once it listens, with the port and the task running it (cancel
/// the task to stop it).
func startOnLoopback(_ router: Router<BasicRequestContext>, server: HTTPServerBuilder = .http1()) async throws
    -> (port: Int, task: Task<Void, any Error>) {
    var logger = Logger(label: "rowboat.test", factory: { _ in SwiftLogNoOpLogHandler() })
    logger.logLevel = .critical
    let (events, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router, server: server,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
        logger: logger)
    let task = Task { try await app.run() }
    var iterator = events.makeAsyncIterator()
    guard let port = await iterator.next(), port > 0 else {
        task.cancel()
        throw CancellationError()
    }
    return (port, task)
}

/// Lets the router's closures reach the server once it exists.
private final class Recorder: Sendable {
    let server = Mutex<TestServer?>(nil)
    let port = Mutex<Int>(0)
}

/// Runs `body` against a fresh test server and always stops it.
@discardableResult
func withTestServer<T: Sendable>(_ handler: @escaping TestServer.Handler,
                                 _ body: (TestServer) async throws -> T) async throws -> T {
    try await Scoped.run(try await TestServer.start(handler), stop: { await $0.stop() }, body)
}
