import Testing
import RowboatDemo

@Suite("Demo server lifecycle", .timeLimit(.minutes(1)))
struct ServerLifecycleTests {
    @Test func ephemeralPortsAreDistinctAndBaseURLMatches() async throws {
        let a = try await DemoServer.start()
        let b = try await DemoServer.start()
        #expect(a.port > 0 && b.port > 0 && a.port != b.port)
        #expect(a.baseURL == "http://127.0.0.1:\(a.port)")
        #expect(a.catalog.item(id: 1)?.image == "\(a.baseURL)/images/1.png")
        await a.stop()
        await b.stop()
    }

    @Test func stopClosesTheSocket() async throws {
        let server = try await DemoServer.start()
        let url = "\(server.baseURL)/api/items/1"
        #expect(try await TestHTTP.get(url).status == 200)
        await server.stop()
        await server.stop() // idempotent
        await #expect(throws: (any Error).self) {
            _ = try await TestHTTP.get(url)
        }
    }

    @Test func portInUseFailsToStart() async throws {
        try await withDemoServer { server in
            await #expect(throws: DemoServerError.portInUse(host: "127.0.0.1", port: server.port)) {
                let clash = try await DemoServer.start(port: server.port)
                await clash.stop()
            }
        }
    }

    @Test func runForeverReportsItsListeningLine() async throws {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let task = Task {
            try await DemoServer.runForever(host: "127.0.0.1", port: 0) { continuation.yield($0) }
        }
        var iterator = lines.makeAsyncIterator()
        let line = try #require(await iterator.next())
        #expect(line.hasPrefix("demo server listening on http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        #expect(try await TestHTTP.get("http://127.0.0.1:\(port)/api/items/1").status == 200)
        task.cancel()
        _ = await task.result
    }
}
