import Foundation
import RowboatApp
import RowboatSpec
import RowboatDemo
import Testing
@testable import RowboatNetwork
import RowboatTestSupport

/// The headless client against the hostile server's numbers (issue #28):
/// pages holding integers past 64 bits, 2^64 − 1, 1e400 and long decimals
/// are read, their digits kept, and every value the server hands out to be
/// sent back — a cursor, `search_after`, a last id — comes back exactly as
/// it was written: the server answers a changed value with a 400 naming it,
/// so every walk below would stop at page one if one digit moved.
@Suite("Hostile server: numbers stay exact", .serialized, .timeLimit(.minutes(2)))
struct HostileNumberTests {
    @Test func aPageOfBigNumbersIsReadWithItsDigits() async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("numbers-big", from: server)
            let page = try #require(outcome.page, "\(String(describing: outcome.error))")
            #expect(page.items.map(\.id) == HostileNumberRoutes.ids)
            #expect(page.items.map { $0.text("n") } == HostileNumberRoutes.ids)
            #expect(page.items.map { $0.values["count"] } == HostileNumberRoutes.ids.map { id in
                Int64(id).map(FieldValue.int) ?? .numberText(id)
            })
            #expect(page.items[0].values["price"] == .numberText("1e400"))
            #expect(page.items[3].values["price"] == .money(0.1))
            #expect(page.items[5].values["price"] == .money(19.9))
            // A total past 64 bits counts nothing; the page count stands.
            #expect(page.totalCount == nil && page.totalPages == 1)
        }
    }

    @Test func theOldBigNumberRouteIsReadNow() async throws {
        // `/body/1e400` was "not JSON" while the parser refused 1e400.
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("big-number", from: server)
            let page = try #require(outcome.page, "\(String(describing: outcome.error))")
            #expect(page.items.map(\.id) == ["1"])
            #expect(page.items[0].values["price"] == .numberText("1e400"))
            #expect(page.items[0].text("title") == "BIGNUM 1e400")
            #expect(page.totalPages == nil && page.totalCount == nil)
        }
    }

    @Test(arguments: [("numbers-cursor", "/numbers/cursor", 3, 6), ("numbers-search-after", "/numbers/search-after", 3, 4),
                      ("numbers-last-id", "/numbers/last-id", 3, 3)])
    func valuesSentBackAreTheServersExactText(key: String, path: String, pages: Int, items: Int) async throws {
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let (ids, outcome) = try await Support.withClient(config) { client in
                try await Support.walk(client, key)
            }
            guard case .endOfData(let walked) = outcome else {
                Issue.record("\(key): \(outcome); the server saw \(server.requests(path: path).map(\.query))")
                return
            }
            #expect(walked == pages && ids.count == items, "\(key): \(ids)")
            #expect(server.requestCount(path: path) == pages)
            // What went back, as the server read it.
            let sent = server.requests(path: path).dropFirst().compactMap {
                $0.query["cursor"] ?? $0.query["search_after"] ?? $0.query["after_id"]
            }
            switch key {
            case "numbers-cursor": #expect(sent == HostileNumberRoutes.cursors)
            case "numbers-search-after": #expect(sent == [HostileNumberRoutes.searchAfter, HostileNumberRoutes.searchAfterEnd])
            default: #expect(sent == ["12345678901234567890122", "12345678901234567890123"])
            }
        }
    }

    @Test func ndjsonLinesKeepTheirNumbers() async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("numbers-ndjson", from: server)
            let page = try #require(outcome.page, "\(String(describing: outcome.error))")
            #expect(page.items.map(\.id) == HostileNumberRoutes.ids)
            #expect(page.items.map { $0.text("price") } == HostileNumberRoutes.amounts.map { $0 == "19.90" ? "19.9" : $0 })
        }
    }
}
