import Foundation
import Glibc
import Synchronization
import RowboatDemo
import RowboatProcess
import Testing

/// `rowboat fetch KEY` on a WebSocket stream (`stream: {websocket: true}`)
/// against the demo's market on 127.0.0.1: its events as JSON Lines, and
/// with `--watch` a socket that closes with no event backs off as an
/// SSE stream's does.
@Suite("fetch: WebSocket streams", .serialized, .timeLimit(.minutes(1)))
struct FetchWebSocketTests {
    func config(server: String, params: String) throws -> String {
        try Paths.write("""
        server: \(server)
        interfaces:
          ticker:
            url: /ws/market
            params: {\(params)}
            stream:
              mode: upsert
              websocket: true
              subscribe: {op: subscribe, channel: market, symbols: [BOLT, "${params.symbol}"]}
            item: {id: symbol, title: name, seq: seq}
        """, name: "ws.yaml")
    }

    func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func aWebSocketsEventsPrintAsJSONLines() async throws {
        let server = try await DemoServer.start(port: 0)
        let config = try config(server: server.baseURL, params: "every: 0, count: 3, symbol: DUNE")
        let r = try await Subprocess.rowboat("fetch", "ticker", "--config", config)
        #expect(r.status == 0 && r.stderr == "", "\(r.stderr)")
        #expect(lines(r.stdout).map { "\($0["id"] ?? "") \($0["seq"] ?? "")" } == ["BOLT 2", "DUNE 4", "BOLT 22"], "\(r.stdout)")
        await server.stop()
    }

    /// A socket that closes before its first event, over and over: each
    /// try one line, each twice as far from the last; the server saw one
    /// connection a try (no busy loop).
    @Test func aWatchedWebSocketClosingAtOnceBacksOff() async throws {
        let paths = Mutex<[String]>([])
        let server = try await DemoServer.start(port: 0) { path in paths.withLock { $0.append(path) } }
        let dir = try Paths.tempDir().path
        let (out, err) = (dir + "/out.jsonl", dir + "/err.txt")
        let child = try ProcessRunner.spawn(ProcessSpec(
            [Subprocess.rowboat, "fetch", "ticker", "--watch", "1",
             "--config", try config(server: server.baseURL, params: "count: 0, symbol: ACME")],
            environment: ProcessRunner.environment(["XDG_CACHE_HOME": dir + "/cache"]),
            stdout: .file(out), stderr: .file(err)))
        let said = try await FetchWatchTests().waitFor(err) { $0.contains("reconnecting in 4 s") }
        #expect(said == "rowboat: the stream closed with no events; reconnecting in 2 s\n"
                + "rowboat: the stream closed with no events; reconnecting in 4 s\n", "\(said)")
        #expect(paths.withLock { $0.filter { $0 == "/ws/market" }.count } == 2)
        kill(child.pid, SIGINT)
        _ = child.wait()
        #expect(((try? String(contentsOfFile: out, encoding: .utf8)) ?? "") == "")
        await server.stop()
        try? FileManager.default.removeItem(atPath: dir)
    }
}
