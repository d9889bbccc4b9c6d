import RowboatSpec
import Testing
@testable import RowboatNetwork

/// An `HTTPTransport` makes its HTTP client (and with it the event loop
/// threads) at its first request, not when it is made: a list read from
/// the cache alone, or a config with no sign-in, starts none.
@Suite("HTTPTransport: the client is made by the first request", .timeLimit(.minutes(1)))
struct TransportLifetimeTests {
    static func spec(_ url: String) -> RequestSpec {
        RequestSpec(method: .get, url: url, headers: [], body: nil, timeoutSeconds: 5)
    }

    @Test func madeAndShutDownWithoutARequestStartsNoClient() async {
        let transport = HTTPTransport()
        #expect(!transport.clientMade)
        await transport.shutdown()
        #expect(!transport.clientMade)
    }

    @Test func theFirstRequestMakesItAndItServesTheRest() async throws {
        try await withTestServer({ _, _ in .json(["data": [["id": 1]]]) }) { server in
            let transport = HTTPTransport()
            #expect(!transport.clientMade)
            for _ in 0..<2 {
                let reply = try await transport.send(Self.spec(server.baseURL + "/items"))
                #expect(reply.status == 200)
                #expect(transport.clientMade)
            }
            await transport.shutdown()
        }
    }

    @Test func aRequestAfterShutdownFailsInOneLine() async {
        let transport = HTTPTransport()
        await transport.shutdown()
        await #expect(throws: DataError.self) {
            _ = try await transport.send(Self.spec("http://127.0.0.1:9/items"))
        }
        #expect(!transport.clientMade)
    }
}
