import Glibc
import NIOCore
import Testing
@testable import RowboatDemo

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

    /// Two programs that bind the same port at once both bind; the one
    /// that listens second is refused by `listen`. That is a port in use
    /// (so `rowboat` takes a free one) even when the port is free again by
    /// the time we look (the other program has gone): CI once saw two
    /// `rowboat fetch` runs started together both fail with NIO's text.
    /// The refusal is a fault this test cannot time, so it is made here.
    @Test func anAddressInUseWhenListeningIsAPortInUseThoughItIsFreeNow() async throws {
        let port = try await withDemoServer { $0.port }
        let refused = IOError(errnoCode: EADDRINUSE, reason: "listen(descriptor:backlog:)")
        #expect(DemoServerError.explaining(refused, host: "127.0.0.1", port: port) == .portInUse(host: "127.0.0.1", port: port))
        let other = IOError(errnoCode: EACCES, reason: "listen(descriptor:backlog:)")
        #expect(DemoServerError.explaining(other, host: "127.0.0.1", port: port) == .startFailed(String(describing: other)))
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
