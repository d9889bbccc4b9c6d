import Foundation
import Synchronization
import Testing
import RowboatDemo
import RowboatNetwork
@testable import RowboatParsing
@testable import RowboatSpec

/// Streams against the real demo server (127.0.0.1): SSE rows arrive as
/// they are sent, `retry:` comes through, and a reconnect sends the last
/// event id back (`Last-Event-ID`), so the server resumes after it.
@Suite("Streams: the demo server")
struct StreamServerTests {
    func config(_ server: DemoServer) throws -> RowboatConfig {
        try ConfigLoader.parse("""
        server: \(server.baseURL)
        interfaces:
          market:
            url: /api/market
            params: {every: "0", count: "5", retry: "1500"}
            stream: {mode: upsert}
            item: {id: symbol, title: name, price: {path: price, type: number}, seq: seq}
          log:
            url: /api/log
            params: {every: "0", count: "4"}
            stream: {mode: append}
            response: {format: ndjson}
            item: {id: seq, title: message}
        """, file: "streams.yaml")
    }

    /// Everything one connection delivered.
    final class Received: Sendable {
        let rows = Mutex<[String]>([])
        let retry = Mutex<Double?>(nil)
        func take(_ batch: StreamBatch, _ retry: Double?) {
            rows.withLock { $0 += batch.rows.map { "\($0.id) \($0.fields["seq"]?.display(now: 0) ?? "")" } }
            if let retry { self.retry.withLock { $0 = retry } }
        }
    }

    @Test func sseRowsRetryAndLastEventIDAcrossAReconnect() async throws {
        try await DemoServer.withRunning { server in
            let transport = HTTPTransport()
            let client = DataClient(config: try config(server), transport: transport)
            let first = Received()
            let resume = try await client.openStream("market", resume: StreamResume()) { batch, _, retry in first.take(batch, retry) }
            #expect(first.rows.withLock { $0 } == ["ACME 1", "BOLT 2", "CRAB 3", "DUNE 4", "ECHO 5"])
            #expect(first.retry.withLock { $0 } == 1.5)
            #expect(resume == StreamResume(lastEventID: "5", nextIndex: 5))
            let second = Received()
            let again = try await client.openStream("market", resume: resume) { batch, _, retry in second.take(batch, retry) }
            #expect(second.rows.withLock { $0 } == ["FERN 6", "GALE 7", "HULL 8", "IRIS 9", "JADE 10"],
                    "the server resumed after event 5: Last-Event-ID was sent")
            #expect(again.lastEventID == "10")
            await transport.shutdown()
        }
    }

    @Test func ndjsonLinesArriveAsRows() async throws {
        try await DemoServer.withRunning { server in
            let transport = HTTPTransport()
            let client = DataClient(config: try config(server), transport: transport)
            let got = Received()
            let end = try await client.openStream("log", resume: StreamResume()) { batch, _, retry in got.take(batch, retry) }
            #expect(got.rows.withLock { $0.map { $0.split(separator: " ")[0] } } == ["1", "2", "3", "4"])
            #expect(end.nextIndex == 4 && got.retry.withLock { $0 } == nil)
            await transport.shutdown()
        }
    }

    @Test func aStatusOutsideTwoHundredFailsAsAPageWould() async throws {
        try await DemoServer.withRunning { server in
            let transport = HTTPTransport()
            var config = try config(server)
            config.endpoints[0].url = "/api/no-such-stream"
            let client = DataClient(config: config, transport: transport)
            await #expect(throws: DataError.self) {
                _ = try await client.openStream("market", resume: StreamResume()) { _, _, _ in }
            }
            await transport.shutdown()
        }
    }
}
