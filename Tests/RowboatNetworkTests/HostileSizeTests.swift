import Foundation
import RowboatApp
import RowboatSpec
import RowboatParsing
import RowboatDemo
import Synchronization
import Testing
@testable import RowboatNetwork

/// The headless client against bodies whose memory grows with the input
/// unless they are read as they arrive (issue #28): many NDJSON lines, a
/// keyed object of many items, one huge string, a 2 MB number. Each is
/// fetched whole (as `fetch` does) and streamed (as the TUI does); the
/// process's resident memory, sampled while it runs, may grow by what the
/// items take and a few times the body, no more. The figures for the full
/// sizes (a 10 MB NDJSON body, a million keyed items, a 100 MB string) are
/// in docs/reliability.md, measured on the binaries.
@Suite("Hostile server: memory follows what is kept", .serialized, .timeLimit(.minutes(5)))
struct HostileSizeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var key: String
        var params: [String: String]
        var items: Int
        /// The body's size, and the growth allowed.
        var bodyBytes: Int
        var bound: Int
        var testDescription: String { "\(key) \(params)" }
    }

    static let cases = [
        // Before: whole, 355,000 lines took 550 MB more (a JSONValue tree of every line).
        Case(key: "size-ndjson", params: ["lines": "355000"], items: 355_000, bodyBytes: 10_600_000, bound: 200 << 20),
        Case(key: "size-keyed", params: ["items": "300000"], items: 300_000, bodyBytes: 8_000_000, bound: 160 << 20),
        // Before: 8.5 times the body (the copies of one string).
        Case(key: "size-huge-string", params: ["mb": "32"], items: 2, bodyBytes: 32 << 20, bound: 4 * (32 << 20)),
    ]

    @Test(arguments: cases)
    func fetchedWholeTheGrowthIsTheItems(_ c: Case) async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch(c.key, from: server, params: c.params.mapValues(ParamValue.one))
            let page = try #require(outcome.page, "\(c.key): \(String(describing: outcome.error))")
            #expect(page.items.count == c.items)
            #expect(outcome.memoryGrowth < c.bound, "\(c.key) grew \(outcome.memoryGrowth >> 20) MB (bound \(c.bound >> 20) MB)")
        }
    }

    @Test(arguments: cases)
    func streamedTheGrowthIsTheItems(_ c: Case) async throws {
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let sampler = MemorySampler()
            let counted = Mutex(0)
            let reply = try await Support.withClient(config) { client in
                try await client.fetchPageReply(c.key, cursor: .first, params: c.params.mapValues(ParamValue.one)) { part in
                    counted.withLock { $0 += part.items.count }
                }
            }
            let growth = sampler.stop()
            guard case .page(let page, let http) = reply else { Issue.record("no page"); return }
            #expect(http.streamed, "\(c.key) was not streamed")
            #expect(counted.withLock { $0 } + page.items.count == c.items)
            #expect(growth < c.bound, "\(c.key) grew \(growth >> 20) MB streamed (bound \(c.bound >> 20) MB)")
        }
    }

    @Test func aHugeStringShowsItsStartAndTheItemAfterItStillComes() async throws {
        try await Hostile.withServer { server in
            for kind in ["ascii", "utf8", "escapes"] {
                let outcome = try await Hostile.fetch("size-huge-string", from: server, params: ["mb": .one("3"), "kind": .one(kind)])
                let page = try #require(outcome.page, "\(kind): \(String(describing: outcome.error))")
                #expect(page.items.map(\.id) == ["1", "2"])
                #expect(page.items[0].text("title").count == Sanitizer.defaultLimit, "\(kind)")
                #expect(page.items[0].text("subtitle") == "after the huge title")
            }
        }
    }

    /// `config probe` needs a page's worth of items, not the whole
    /// document as trees: a 25 MB deeply sectioned response is guessed on
    /// simdjson's tape, only its sample items made trees. Before: 656 MB
    /// peak for 9 MB (docs/reliability.md).
    @Test func aProbeOfTwentyFiveMegabytesCostsItsTapeNotItsTrees() async throws {
        try await Hostile.withServer { server in
            let transport = HTTPTransport(maxBodyBytes: 64 << 20)
            let reply = try await transport.send(RequestSpec(method: .get, url: server.baseURL + "/size/sections?mb=25",
                                                             headers: [], body: nil, timeoutSeconds: 60))
            await transport.shutdown()
            #expect(reply.body.count > 25 << 20)
            let sampler = MemorySampler()
            let draft = try ProbeDraft.write(ProbeInput(method: .get, url: server.baseURL + "/size/sections?mb=25",
                                                        status: reply.status, responseHeaders: reply.headers,
                                                        responseBody: reply.body), now: 0)
            let growth = sampler.stop()
            #expect(draft.contains("list: data.sections"), "\(draft)")
            #expect(draft.contains("#   section 0"))
            // simdjson's buffers for a document are about three times its size.
            #expect(growth < 4 * reply.body.count + (64 << 20), "the probe grew \(growth >> 20) MB for \(reply.body.count >> 20) MB")
        }
    }

    @Test func aNumberTwoMegabytesLongIsRefusedWithTheLimit() async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("size-long-number", from: server)
            #expect(outcome.error == .numberTooLong(limit: JSONTapeNode.textLimit))
            #expect(outcome.error?.description == "JSON number longer than 1048576 characters (the limit)")
        }
    }
}
