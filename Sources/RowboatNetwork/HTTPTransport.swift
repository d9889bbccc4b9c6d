import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RowboatSpec
import Synchronization

/// A response as the data layer needs it: status, headers, the body and the
/// URL that finally answered (after redirects).
public struct HTTPReply: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var url: String
    /// The body went to a `BodyReceiver` piece by piece: `body` is empty.
    public var streamed = false

    public init(status: Int, headers: [(String, String)], body: [UInt8], url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of header `name` (see `HeaderFields`).
    public func header(_ name: String) -> String? {
        headers.header(name)
    }
}

/// Sends `RequestSpec`s over AsyncHTTPClient with a connect timeout, one
/// deadline for the whole request (redirects, retries and body included),
/// a body size cap, redirects followed by `RedirectPolicy` and GETs retried
/// on 429/503 by `RetryPolicy`.
public final class HTTPTransport: Sendable {
    public static let defaultMaxBodyBytes = Communication.defaultMaxBodyBytes

    /// The client and the event loop whose connections it prefers
    /// (exchanges run on it, see `send`), made at the first request: a
    /// list read from the cache alone starts no client and no event loop
    /// threads.
    private let state = Mutex<ClientState>(.unmade)
    private let configuration: HTTPClient.Configuration
    public let maxBodyBytes: Int
    public let retryPolicy: RetryPolicy
    public let connectTimeoutSeconds: Int64

    public init(maxBodyBytes: Int = HTTPTransport.defaultMaxBodyBytes, connectTimeoutSeconds: Int64 = 5,
                retryPolicy: RetryPolicy = RetryPolicy()) {
        self.connectTimeoutSeconds = connectTimeoutSeconds
        // We follow redirects ourselves, so that credentials never cross origins.
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(connectTimeoutSeconds)))
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        // A connection that cannot be made (refused, an untrusted TLS
        // certificate, an unknown host) fails its request at once. The pool
        // would otherwise try again with back-off until the deadline: a
        // certificate does not become trusted by asking again.
        configuration.connectionPool.retryConnectionEstablishment = false
        // No tracing: AHC would otherwise open a span (with its attributes)
        // per request for the global tracer, which we never bootstrap.
        configuration.tracing.tracer = nil
        self.configuration = configuration
        self.maxBodyBytes = maxBodyBytes
        self.retryPolicy = retryPolicy
    }

    /// Closes pooled connections; call once when done.
    /// The same settings on a client of its own: no pooled connection, no
    /// memory of earlier failures (a retry the user asked for starts fresh).
    public func fresh() -> HTTPTransport {
        HTTPTransport(maxBodyBytes: maxBodyBytes, connectTimeoutSeconds: connectTimeoutSeconds, retryPolicy: retryPolicy)
    }

    public func shutdown() async {
        let made = state.withLock { state -> HTTPClient? in
            defer { state = .shutDown }
            if case .made(let client, _) = state { return client }
            return nil
        }
        try? await made?.shutdown()
    }

    /// True once a request made the client (and started its event loops).
    var clientMade: Bool {
        state.withLock { if case .made = $0 { true } else { false } }
    }

    /// The client and its loop, made on the first call; after `shutdown`,
    /// AHC's own "already shut down".
    private func connection() throws -> (client: HTTPClient, loop: EventLoopExecutor) {
        try state.withLock { state in
            switch state {
            case .made(let client, let loop): return (client, loop)
            case .shutDown: throw HTTPClientError.alreadyShutdown
            case .unmade:
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                let loop = EventLoopExecutor(client.eventLoopGroup.next())
                state = .made(client, loop)
                return (client, loop)
            }
        }
    }

    /// Sends `spec`; a `receiver` that accepts the final reply gets its
    /// body piece by piece (the reply then comes back `streamed`).
    ///
    /// The exchanges run on the transport's event loop (a task executor
    /// preference), where AHC then keeps its connections: AHC's work, its
    /// deadline timer, the pool's bookkeeping and the resumption after the
    /// head and the body stay on one thread instead of being handed between
    /// the loop and the concurrency pool (on the demo's pages, 6 thread
    /// switches per request instead of 14). A receiver's work runs off it.
    public func send(_ spec: RequestSpec, receiver: (any BodyReceiver)? = nil) async throws(DataError) -> HTTPReply {
        let timeout = spec.timeoutSeconds
        do {
            let loop = try connection().loop
            return try await withTaskExecutorPreference(loop) {
                let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
                return try await withDeadline(seconds: timeout, on: loop) { [self] in
                    try await exchanges(spec, until: deadline, receiver: receiver)
                }
            }
        } catch let e as DataError {
            throw e
        } catch {
            throw NetworkErrorText.dataError(error, url: spec.url, timeout: timeout)
        }
    }

    /// `send`'s work: exchanges until a final reply, redirects followed
    /// and GETs retried before `deadline`.
    private func exchanges(_ spec: RequestSpec, until deadline: ContinuousClock.Instant,
                           receiver: (any BodyReceiver)?) async throws -> HTTPReply {
        var redirects = 0
        var retries = 0
        var sent = spec
        while true {
            guard URLOrigin(sent.url) != nil else {
                throw DataError.network("unsupported URL \"\(Sanitizer.clean(sent.url, limit: 80))\"")
            }
            try CredentialGate.check(sent)
            let reply: HTTPReply
            do {
                reply = try await once(sent, until: deadline, receiver: receiver)
            } catch let error as DataError {
                throw error
            } catch {
                // Named after the URL that failed: after a redirect
                // that is not the one first asked for.
                throw NetworkErrorText.dataError(error, url: sent.url, timeout: spec.timeoutSeconds)
            }
            if RedirectPolicy.statuses.contains(reply.status), let location = reply.header("location") {
                sent = try RedirectPolicy.follow(sent, status: reply.status, location: location,
                                                 redirectsSoFar: redirects)
                redirects += 1
                continue
            }
            let remaining = Self.seconds(deadline - ContinuousClock.now)
            if sent.method == .get,
               let wait = retryPolicy.delay(status: reply.status, retryAfter: reply.header("retry-after"),
                                            retriesSoFar: retries, now: Date(), remaining: remaining,
                                            jitter: Double.random(in: 0..<1)) {
                retries += 1
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                continue
            }
            return reply
        }
    }

    /// One exchange: no redirects followed, the body read up to the cap
    /// (a redirect's body is drained and dropped).
    func once(_ spec: RequestSpec, until deadline: ContinuousClock.Instant,
              receiver: (any BodyReceiver)? = nil) async throws -> HTTPReply {
        var request = HTTPClientRequest(url: spec.url)
        request.method = HTTPMethod(rawValue: spec.method.rawValue)
        for (name, value) in spec.headers { request.headers.add(name: name, value: value) }
        if let body = spec.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let remaining = max(0.001, Self.seconds(deadline - ContinuousClock.now))
        let response = try await connection().client.execute(request, timeout: .milliseconds(Int64(remaining * 1000)))
        let status = Int(response.status.code)
        let headers = response.headers.map { ($0.name, $0.value) }
        if RedirectPolicy.statuses.contains(status), response.headers.first(name: "location") != nil {
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return HTTPReply(status: status, headers: headers, body: [], url: spec.url)
        }
        let cap = spec.maxBodyBytes ?? maxBodyBytes
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > cap {
            throw DataError.bodyTooLarge(limit: cap)
        }
        if let receiver, !RedirectPolicy.statuses.contains(status), receiver.accepts(status: status, headers: headers) {
            // Decoding a large body must not hold up the event loop.
            try await withTaskExecutorPreference(globalConcurrentExecutor) {
                var received = 0
                for try await piece in response.body {
                    received += piece.readableBytes
                    guard received <= cap else { throw DataError.bodyTooLarge(limit: cap) }
                    try await receiver.receive(piece)
                }
            }
            var reply = HTTPReply(status: status, headers: headers, body: [], url: spec.url)
            reply.streamed = true
            return reply
        }
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: cap)
        } catch is NIOTooManyBytesError {
            throw DataError.bodyTooLarge(limit: cap)
        }
        return HTTPReply(status: status, headers: headers, body: Array(buffer.readableBytesView), url: spec.url)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (s, atto) = duration.components
        return Double(s) + Double(atto) / 1e18
    }

    /// Runs `work`, failing with `.timeout` when it takes longer than
    /// `seconds`: `work` runs as a task (on the loop) that a timer on the
    /// loop cancels at the deadline. Set and cancelled from the loop, the
    /// timer wakes no thread.
    func withDeadline<T: Sendable>(seconds: Double, on loop: EventLoopExecutor,
                                   _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task(executorPreference: loop) { try await work() }
        let expired = DeadlineFlag()
        let alarm = loop.loop.scheduleTask(in: .nanoseconds(Int64(seconds * 1_000_000_000))) {
            expired.value.store(true, ordering: .relaxed)
            task.cancel()
        }
        defer { alarm.cancel() }
        return try await withTaskCancellationHandler {
            do {
                return try await task.value
            } catch where expired.value.load(ordering: .relaxed) {
                throw DataError.timeout(seconds: seconds)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// An `HTTPTransport`'s client: not made yet, made (with the loop it
/// prefers), or shut down.
enum ClientState: Sendable {
    case unmade
    case made(HTTPClient, EventLoopExecutor)
    case shutDown
}

/// Set once a deadline has passed (by the timer, read by the waiter).
final class DeadlineFlag: Sendable {
    let value = Atomic<Bool>(false)
}
