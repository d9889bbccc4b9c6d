import Foundation
import RowboatApp
import RowboatSpec
import RowboatDemo
import Testing
@testable import RowboatNetwork

/// One paging loop of the hostile server: an endpoint of Config/hostile.yaml
/// and the cycle length asked for.
struct LoopCase: Sendable, CustomTestStringConvertible {
    var key: String
    var path: String
    var cycle: Int
    var testDescription: String { "\(key) cycle \(cycle)" }
}

/// `PageSource.walk` (what `rowboat fetch --pages all` runs) against cursors
/// and next-page URLs that cycle: every loop, however long, ends at the
/// first repeat with `.loop`, after exactly one request per distinct page.
@Suite("Hostile server: paging loops end at the first repeat", .serialized, .timeLimit(.minutes(2)))
struct HostileLoopTests {
    static let cases: [LoopCase] = [2, 3, 7, 40].flatMap { cycle in
        [LoopCase(key: "loop-cursor", path: "/loop/cursor", cycle: cycle),
         LoopCase(key: "loop-nexturl", path: "/loop/nexturl", cycle: cycle),
         LoopCase(key: "loop-link", path: "/loop/link", cycle: cycle)]
    }

    @Test(arguments: cases)
    func aCycleOfAnyLengthEndsAtTheFirstRepeat(_ c: LoopCase) async throws {
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let (ids, outcome) = try await Support.withClient(config) { client in
                try await Support.walk(client, c.key, params: ["cycle": .one(String(c.cycle))])
            }
            // The first page (no cursor), then each cursor of the cycle once;
            // the first page's content comes again under its own cursor
            // (c0 / p=1), and the cursor after that one was followed before.
            #expect(server.requestCount(path: c.path) == c.cycle + 1)
            guard case .loop(let pages, let repeated) = outcome else {
                Issue.record("expected a loop, got \(outcome)")
                return
            }
            #expect(pages == c.cycle + 1)
            switch repeated {
            case .token(let token): #expect(c.key == "loop-cursor" && token == "c1")
            case .url(let url): #expect(c.key != "loop-cursor" && url.hasSuffix("p=2&size=3"))
            default: Issue.record("repeated \(repeated)")
            }
            #expect(Set(ids) == Set(Support.ids(1...(3 * c.cycle))))
            #expect(outcome.notice == "stopped after \(c.cycle + 1) pages: the server sent a "
                + (c.key == "loop-cursor" ? "cursor" : "next-page URL") + " it had sent before (a paging loop)")
        }
    }

    @Test func theSameCursorBackToBackIsAQuietEnd() async throws {
        // A cycle of one: the page names itself as next, which many APIs do
        // on their last page. That ends the data without a notice.
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let (ids, outcome) = try await Support.withClient(config) { client in
                try await Support.walk(client, "loop-cursor", params: ["cycle": .one("1")])
            }
            #expect(outcome == .endOfData(pages: 2))
            #expect(outcome.notice == nil)
            #expect(ids == Support.ids(1...3) + Support.ids(1...3))
            #expect(server.requestCount(path: "/loop/cursor") == 2)
        }
    }

    @Test func anEndlessCursorStopsAtMaxPages() async throws {
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let (ids, outcome) = try await Support.withClient(config) { try await Support.walk($0, "endless-pages") }
            #expect(outcome == .capReached(pages: 20))
            #expect(outcome.notice == "stopped after 20 pages (paging.maxPages)")
            #expect(ids == Support.ids(1...20))
            #expect(server.requestCount(path: "/loop/endless") == 20)
        }
    }
}
