import Foundation
import Synchronization
import Testing
import RowboatDemo
import RowboatNetwork
import RowboatTestSupport
@testable import RowboatParsing
@testable import RowboatSpec

/// WebSocket streams (`stream: {websocket: true}`) against real servers on
/// 127.0.0.1: the demo's market (events after a subscribe, a refused
/// subscribe's reason) and the hostile routes (what the client sent, text
/// that is not JSON, binary and huge messages, a socket that closes at once).
@Suite("Streams: WebSocket", .serialized, .timeLimit(.minutes(1)))
struct WebSocketStreamTests {
    /// Runs `body` with a client of `yaml`'s config, its transport shut down after.
    func using<T: Sendable>(_ yaml: String, environment: [String: String] = [:],
                            _ body: (DataClient) async throws -> T) async throws -> T {
        let config = try ConfigLoader.parse(yaml, file: "ws.yaml", environment: environment)
        Secrets.adopt(config)
        return try await Scoped.run(DataClient(config: config, transport: HTTPTransport()), stop: { await $0.transport.shutdown() }, body)
    }

    /// Everything one connection delivered.
    final class Received: Sendable {
        let rows = Mutex<[String]>([])
        let problems = Mutex<[String]>([])
        let opened = Mutex(false)
        func take(_ batch: StreamBatch) {
            rows.withLock { $0 += batch.rows.map { "\($0.id) \($0.fields["seq"]?.display(now: 0) ?? $0.title)" } }
            problems.withLock { $0 += batch.problems }
        }
    }

    func read(_ client: DataClient, _ key: String) async throws(DataError) -> (Received, StreamResume) {
        let got = Received()
        let end = try await client.openStream(key, resume: StreamResume(), onOpen: { got.opened.withLock { $0 = true } }) {
            batch, _, retry in
            #expect(retry == nil)
            got.take(batch)
        }
        return (got, end)
    }

    func market(_ server: DemoServer, subscribe: String) -> String {
        """
        server: \(server.baseURL)
        interfaces:
          market:
            url: /ws/market
            params: {every: "0", count: "4", symbol: ACME}
            stream: {mode: upsert, websocket: true, subscribe: \(subscribe)}
            item: {id: symbol, title: name, seq: seq}
        """
    }

    @Test func theMarketSendsTheSubscribedSymbolsEvents() async throws {
        try await DemoServer.withRunning { server in
            let subscribe = #"{op: subscribe, channel: market, symbols: ["${params.symbol}", CRAB]}"#
            let (got, end) = try await using(market(server, subscribe: subscribe)) { c in try await read(c, "market") }
            #expect(got.opened.withLock { $0 })
            #expect(got.rows.withLock { $0 } == ["ACME 1", "CRAB 3", "ACME 21", "CRAB 23"])
            #expect(got.problems.withLock { $0 }.isEmpty && end == StreamResume(nextIndex: 4))
        }
    }

    @Test func aSubscribeTheMarketCannotReadIsItsCloseReason() async throws {
        try await DemoServer.withRunning { server in
            try await using(market(server, subscribe: "{op: subscribe, channel: bonds}")) { c in
                await #expect {
                    _ = try await read(c, "market")
                } throws: { error in
                    "\(error)".contains(#"closed the WebSocket: unknown channel: send {"op":"subscribe","channel":"market"}"#)
                }
            }
        }
    }

    @Test func theSubscribeMessageGoesExactlyAndTheRequestCarriesItsCredentials() async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using("""
            server: \(server.baseURL)
            auth: {type: bearer, token: "${TOKEN}"}
            interfaces:
              feed:
                url: /ws/record
                headers: {X-Feed: "${FEED}"}
                stream:
                  websocket: true
                  subscribe: {op: subscribe, n: 123456789012345678901234567890, who: "Zoë ${FEED}", list: [1, "2"]}
                item: {id: id, title: name}
            """, environment: ["TOKEN": "t0ken-secret", "FEED": "prices"]) { c in
                let (got, _) = try await read(c, "feed")
                #expect(got.rows.withLock { $0 } == ["1 first", "2 second"])
                let headers = try #require(server.upgrades.entries(path: "/ws/record").first)
                #expect(headers["authorization"] == "Bearer t0ken-secret" && headers["x-feed"] == "prices", "\(headers)")
                #expect(headers["user-agent"]?.hasPrefix("rowboat/") == true)
                #expect(server.received.entries(path: "/ws/record")
                        == [#"{"list":[1,"2"],"n":123456789012345678901234567890,"op":"subscribe","who":"Zoë prices"}"#])
            }
        }
    }

    @Test func aTextSubscribeGoesAsWritten() async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using("""
            server: \(server.baseURL)
            interfaces:
              feed:
                url: /ws/record
                params: {room: "a b&c"}
                stream: {websocket: true, subscribe: "JOIN ${params.room} {\\"x\\": 1}"}
                item: {id: id, title: name}
            """) { c in
                _ = try await read(c, "feed")
                #expect(server.received.entries(path: "/ws/record") == [#"JOIN a b&c {"x": 1}"#])
            }
        }
    }

    @Test func aMessageThatIsNotJSONIsOneLineAndTheStreamGoesOn() async throws {
        try await HostileWebSocketServer.withRunning { server in
            let (got, _) = try await using(hostile(server, "/ws/not-json", subscribe: "go")) { c in try await read(c, "feed") }
            #expect(got.problems.withLock { $0 } == ["event 1 is not JSON: hello"])
            #expect(got.rows.withLock { $0 } == ["2 after"])
        }
    }

    @Test func aBinaryMessageIsOneLineAndIgnored() async throws {
        try await HostileWebSocketServer.withRunning { server in
            let (got, _) = try await using(hostile(server, "/ws/binary", subscribe: "go")) { c in try await read(c, "feed") }
            #expect(got.problems.withLock { $0 } == ["a binary message of 4 bytes ignored (events are text)"])
            #expect(got.rows.withLock { $0 } == ["1 text"])
        }
    }

    /// One frame past the message bound is skipped with a line, and the stream goes on.
    @Test func aHugeMessageInOneFrameIsOneLineAndSkipped() async throws {
        try await HostileWebSocketServer.withRunning { server in
            let (got, _) = try await using(hostile(server, "/ws/huge", subscribe: "go")) { c in try await read(c, "feed") }
            #expect(got.problems.withLock { $0 } == ["event 2 skipped: larger than 1048576 bytes"])
            #expect(got.rows.withLock { $0 } == ["1 small", "3 after"])
        }
    }

    /// A message in many frames past the bound, or one frame past the
    /// frame bound, is refused (the socket closed, 1009) before it is all
    /// in memory: one line, the connection's failure.
    @Test(arguments: [
        ("/ws/huge-fragments", "a message larger than 1048576 bytes from 127.0.0.1:PORT was refused (the WebSocket was closed)"),
        ("/ws/giant", "the WebSocket to 127.0.0.1:PORT ended without a close frame (the server went away, or sent a frame "
            + "larger than 16777216 bytes)"),
    ])
    func aMessageTooLargeToTakeIsRefusedWithOneLine(path: String, line: String) async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using(hostile(server, path, subscribe: "go")) { c in
                let got = Received()
                await #expect {
                    _ = try await c.openStream("feed", resume: StreamResume()) { batch, _, _ in got.take(batch) }
                } throws: { error in
                    "\(error)" == "network: " + line.replacingOccurrences(of: "PORT", with: "\(server.port)")
                }
                #expect(got.rows.withLock { $0 } == ["1 small"])
            }
        }
    }

    /// Messages that come at once with the upgrade's answer are read.
    @Test func messagesSentAsTheSocketOpensArrive() async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using(hostile(server, "/ws/burst")) { c in
                let (two, heard) = AsyncStream.makeStream(of: Void.self)
                let got = Received()
                let task = Task {
                    try await c.openStream("feed", resume: StreamResume()) { batch, _, _ in
                        got.take(batch)
                        if got.rows.withLock({ $0.count }) >= 2 { heard.yield() }
                    }
                }
                var events = two.makeAsyncIterator()
                _ = await events.next()
                task.cancel()
                _ = try? await task.value
                #expect(got.rows.withLock { $0 } == ["1 one", "2 two"])
            }
        }
    }

    /// A socket that the server closes as soon as it is open ends with no
    /// event. (The client may miss a close that comes with the upgrade's
    /// answer; its ping then finds the socket closed, a failure within
    /// `webSocketPingSeconds`: either way the connection ends.)
    @Test func aSocketThatClosesAtOnceEndsWithNoEvent() async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using(hostile(server, "/ws/close-at-once")) { c in
                let got = Received()
                do {
                    let end = try await c.openStream("feed", resume: StreamResume(), onOpen: { got.opened.withLock { $0 = true } }) {
                        batch, _, _ in got.take(batch)
                    }
                    #expect(end == StreamResume())
                } catch {
                    #expect("\(error)".hasPrefix("network: "), "\(error)")
                }
                #expect(got.opened.withLock { $0 } && got.rows.withLock { $0 }.isEmpty)
            }
        }
    }

    /// A close with an error code, or a path that is no WebSocket: the connection's failure, in one line.
    @Test(arguments: [
        ("/ws/refuse", "network: 127.0.0.1:PORT closed the WebSocket: no such channel"),
        ("/ws/nothing-here", "network: 127.0.0.1:PORT did not open a WebSocket at http://127.0.0.1:PORT/ws/nothing-here "
            + "(the upgrade was refused)"),
    ])
    func aRefusalIsTheFailure(path: String, line: String) async throws {
        try await HostileWebSocketServer.withRunning { server in
            try await using(hostile(server, path, subscribe: "hello")) { c in
                await #expect {
                    _ = try await read(c, "feed")
                } throws: { error in
                    "\(error)" == line.replacingOccurrences(of: "PORT", with: "\(server.port)")
                }
            }
        }
    }

    /// A server that repeats the subscribe (and its secret) in its close
    /// reason: the line says `***`, and control characters are gone.
    @Test func aCloseReasonHasTheSecretsRedacted() async throws {
        try await HostileWebSocketServer.withRunning { server in
            let yaml = hostile(server, "/ws/echo-close", subscribe: #"{op: "a\u001b[31mb", key: "${KEY}"}"#)
            try await using(yaml, environment: ["KEY": "sk-live-123456"]) { c in
                await #expect {
                    _ = try await read(c, "feed")
                } throws: { error in
                    let line = "\(error)"
                    return !line.contains("sk-live-123456") && line.contains("***") && !line.contains("\u{1B}")
                }
            }
        }
    }

    /// An https URL is a WebSocket over TLS, on the system's trust as every
    /// request is: a certificate nobody trusts fails in one line naming the
    /// host (NIOSSL's error through swift-websocket's client is worded
    /// less exactly than AsyncHTTPClient's: "TLS error with").
    @Test func anHTTPSURLIsTLSWithTheSameTrust() async throws {
        let tls = try await TLSTestServer.start()
        try await using("""
        server: \(tls.baseURL)
        interfaces:
          feed: {url: /ws, stream: {websocket: true}, item: {id: id, title: name}}
        """) { c in
            await #expect {
                _ = try await read(c, "feed")
            } throws: { error in
                ["network: untrusted TLS certificate from 127.0.0.1:\(tls.port)", "network: TLS error with 127.0.0.1:\(tls.port)"]
                    .contains("\(error)")
            }
        }
        await tls.stop()
    }

    /// A market that never ends stops when its task is cancelled (the tab
    /// is left): after its first event (a barrier), not at any deadline.
    @Test func cancellingTheTaskClosesTheSocket() async throws {
        try await DemoServer.withRunning { server in
            try await using("""
            server: \(server.baseURL)
            interfaces:
              market:
                url: /ws/market
                params: {every: "10"}
                stream: {mode: upsert, websocket: true, subscribe: {op: subscribe, channel: market}}
                item: {id: symbol, title: name, seq: seq}
            """) { c in
                let (first, heard) = AsyncStream.makeStream(of: Void.self)
                let task = Task { try await c.openStream("market", resume: StreamResume()) { _, _, _ in heard.yield() } }
                var events = first.makeAsyncIterator()
                _ = await events.next()
                task.cancel()
                _ = try? await task.value
            }
        }
    }

    func hostile(_ server: HostileWebSocketServer, _ path: String, subscribe: String? = nil) -> String {
        """
        server: \(server.baseURL)
        interfaces:
          feed:
            url: \(path)
            stream: {websocket: true\(subscribe.map { ", subscribe: \($0)" } ?? "")}
            item: {id: id, title: name}
        """
    }
}
