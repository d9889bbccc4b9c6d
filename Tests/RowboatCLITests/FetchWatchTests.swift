import Foundation
import RowboatTestSupport
import Glibc
import RowboatDemo
import RowboatProcess
import Testing

/// `rowboat fetch KEY --watch SECONDS` against a real demo server whose
/// live feed gains a listing every second: the first page, then each new
/// listing once, as JSON Lines; the server going away is one line on
/// stderr per try, each try twice as far from the last. On a stream
/// (`stream:`): its events as JSON Lines, resumed after a reconnect.
@Suite("fetch --watch", .serialized, .timeLimit(.minutes(1)))
struct FetchWatchTests {
    /// The demo config pointing at `server`, requests given up after 2 s.
    func config(server: String) throws -> String {
        let yaml = try String(contentsOfFile: Paths.demoYAML, encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server)")
            .replacingOccurrences(of: "  timeout: 10 ", with: "  timeout: 2 ")
        return try Paths.write(yaml, name: "watch.yaml")
    }

    /// Polls `path` until `done` holds for its text (bounded: 20 s).
    func waitFor(_ path: String, _ done: (String) -> Bool) async throws -> String {
        let read = { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        if let text = await eventuallyValue(timeout: 20, { () -> String? in let text = read(); return done(text) ? text : nil }) {
            return text
        }
        Issue.record("timed out waiting on \(path): \(read())")
        return read()
    }

    func ids(_ text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"].flatMap { Int("\($0)") }
        }
    }

    @Test func newItemsArePrintedOnceAsTheyComeAndFailuresBackOff() async throws {
        let server = try await DemoServer.start(port: 0)
        let dir = try Paths.tempDir().path
        let (out, err) = (dir + "/out.jsonl", dir + "/err.txt")
        let child = try ProcessRunner.spawn(ProcessSpec(
            [Subprocess.rowboat, "fetch", "live", "--watch", "1", "--param", "every=1", "--param", "limit=5",
             "--config", try config(server: server.baseURL)],
            environment: ProcessRunner.environment(["XDG_CACHE_HOME": dir + "/cache"]),
            stdout: .file(out), stderr: .file(err)))
        // The first page (five listings), then at least three that came later.
        let text = try await waitFor(out) { ids($0).count >= 8 }
        let printed = ids(text)
        #expect(Set(printed).count == printed.count, "an id printed twice: \(printed)")
        let first = Array(printed.prefix(5))
        #expect(first == Array((first[4]...first[0]).reversed()), "\(first)")
        #expect(printed.dropFirst(5).allSatisfy { $0 > first[0] }, "\(printed)")
        // The server goes away: each try says so and waits twice as long.
        await server.stop()
        let said = try await waitFor(err) { $0.contains("next try in 4 s") }
        let lines = said.split(separator: "\n")
        #expect(lines.first?.hasPrefix("rowboat: ") == true && lines.first?.hasSuffix("; next try in 2 s") == true, "\(said)")
        #expect(lines.count == 2 && lines[1].hasSuffix("; next try in 4 s"), "\(said)")
        kill(child.pid, SIGINT)
        let result = child.wait()
        #expect(result.signal == SIGINT)
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// The demo's two streams, pointing at `server`.
    func streams(server: String, log: String, market: String) throws -> String {
        try Paths.write("""
        server: \(server)
        interfaces:
          log:
            url: /api/log
            params: {\(log)}
            response: {format: ndjson}
            stream: {mode: append}
            item: {id: seq, title: message, level: level}
          market:
            url: /api/market
            params: {\(market)}
            stream: {mode: upsert}
            item: {id: symbol, title: name, seq: seq}
        """, name: "streams.yaml")
    }

    @Test func aStreamIsReadToItsEndAsJSONLines() async throws {
        let server = try await DemoServer.start(port: 0)
        let config = try streams(server: server.baseURL, log: "every: 0, count: 5", market: "")
        let r = try await Subprocess.rowboat("fetch", "log", "--config", config)
        #expect(r.status == 0 && r.stderr == "", "\(r.stderr)")
        #expect(ids(r.stdout) == [1, 2, 3, 4, 5], "in the order they came: \(r.stdout)")
        #expect(r.stdout.split(separator: "\n").first?.contains("\"level\"") == true)
        let table = try await Subprocess.rowboat("fetch", "log", "--format", "csv", "--config", config)
        #expect(table.status == 1 && table.stdout == "")
        #expect(table.stderr == "rowboat: interfaces.log is a stream: its events print as JSON Lines (leave out --format or give --format jsonl)\n")
        await server.stop()
    }

    /// `--watch` on a stream reconnects when the response ends, sending
    /// Last-Event-ID: the market (three events a connection) resumes where
    /// it stopped, each event printed once.
    @Test func aWatchedStreamReconnectsAndResumes() async throws {
        let server = try await DemoServer.start(port: 0)
        let dir = try Paths.tempDir().path
        let (out, err) = (dir + "/out.jsonl", dir + "/err.txt")
        let child = try ProcessRunner.spawn(ProcessSpec(
            [Subprocess.rowboat, "fetch", "market", "--watch", "1",
             "--config", try streams(server: server.baseURL, log: "", market: "every: 0, count: 3, retry: 1000")],
            environment: ProcessRunner.environment(["XDG_CACHE_HOME": dir + "/cache"]),
            stdout: .file(out), stderr: .file(err)))
        let text = try await waitFor(out) { $0.split(separator: "\n").count >= 7 }
        let seqs = text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["seq"].flatMap { Int("\($0)") }
        }
        #expect(Array(seqs.prefix(7)) == Array(1...7), "\(text)")
        kill(child.pid, SIGINT)
        let result = child.wait()
        #expect(result.signal == SIGINT)
        #expect(((try? String(contentsOfFile: err, encoding: .utf8)) ?? "") == "")
        await server.stop()
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// `--changes` on the market (20 symbols, then each again with a new
    /// price): twenty new items, then changed lines naming the fields.
    @Test func aStreamsChangesAreLinesWithTheFieldsThatChanged() async throws {
        let server = try await DemoServer.start(port: 0)
        let config = try streams(server: server.baseURL, log: "", market: "every: 0, count: 25, retry: 1000")
        let dir = try Paths.tempDir().path
        let out = dir + "/out.jsonl"
        let child = try ProcessRunner.spawn(ProcessSpec(
            [Subprocess.rowboat, "fetch", "market", "--watch", "1", "--changes", "--config", config],
            environment: ProcessRunner.environment(["XDG_CACHE_HOME": dir + "/cache"]),
            stdout: .file(out), stderr: .file(dir + "/err.txt")))
        let text = try await waitFor(out) { $0.split(separator: "\n").count >= 25 }
        kill(child.pid, SIGINT)
        _ = child.wait()
        let lines = text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.prefix(20).allSatisfy { $0["change"] as? String == "new" }, "\(text)")
        let changed = lines[20]
        #expect(changed["change"] as? String == "changed" && changed["id"] as? String == "ACME", "\(text)")
        let fields = changed["fields"] as? [String: [String: Any]]
        #expect(fields?["seq"]?["from"] as? String == "1" && fields?["seq"]?["to"] as? String == "21", "\(String(describing: fields))")
        let usage = try await Subprocess.rowboat("fetch", "market", "--changes", "--config", config)
        #expect(usage.status == 64 && usage.stderr.contains("--changes tells what changed from one look to the next: give --watch SECONDS too"))
        await server.stop()
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A stream that answers and closes at once, over and over: each try
    /// one line, each twice as far from the last.
    @Test func aStreamClosingAtOnceBacksOff() async throws {
        let server = try await DemoServer.start(port: 0)
        let dir = try Paths.tempDir().path
        let (out, err) = (dir + "/out.jsonl", dir + "/err.txt")
        let child = try ProcessRunner.spawn(ProcessSpec(
            [Subprocess.rowboat, "fetch", "market", "--watch", "1",
             "--config", try streams(server: server.baseURL, log: "", market: "count: 0")],
            environment: ProcessRunner.environment(["XDG_CACHE_HOME": dir + "/cache"]),
            stdout: .file(out), stderr: .file(err)))
        let said = try await waitFor(err) { $0.contains("reconnecting in 4 s") }
        #expect(said == "rowboat: the stream closed with no events; reconnecting in 2 s\n"
                + "rowboat: the stream closed with no events; reconnecting in 4 s\n", "\(said)")
        kill(child.pid, SIGINT)
        _ = child.wait()
        #expect(((try? String(contentsOfFile: out, encoding: .utf8)) ?? "") == "")
        await server.stop()
        try? FileManager.default.removeItem(atPath: dir)
    }

    @Test func anEndpointWithoutIdsCannotBeWatched() async throws {
        let yaml = """
        server: http://127.0.0.1:9
        interfaces:
          anon: {url: /x, item: {title: name}}
        """
        let r = try await Subprocess.rowboat("fetch", "anon", "--watch", "5", "--config", try Paths.write(yaml, name: "anon.yaml"))
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == "rowboat: --watch tells new items by their id: map one in interfaces.anon.item (id: …)\n")
    }
}
