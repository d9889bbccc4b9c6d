import Foundation
import Testing
@testable import RowboatDemo

/// `/api/live`: a first page that gains a listing every `every` seconds,
/// newest first, each listing the same every time it is served.
@Suite("Demo live feed", .timeLimit(.minutes(1)))
struct LiveFeedTests {
    let feed = DemoLiveFeed(started: 1_800_000_000)

    @Test func theFirstPageGainsAListingEveryIntervalNewestFirst() {
        let start = feed.page(1, limit: 5, every: 5, now: feed.started + 1)
        #expect(start.list.map(\.id) == [12, 11, 10, 9, 8] && start.total == 12 && start.totalPage == 3)
        let later = feed.page(1, limit: 5, every: 5, now: feed.started + 11)
        #expect(later.list.map(\.id) == [14, 13, 12, 11, 10] && later.total == 14)
        // The same listing is the same each time, its time the moment it arrived.
        #expect(later.list[2].title == start.list[0].title && later.list[2].price == start.list[0].price)
        #expect(later.list[0].createdAt == Int(feed.started) + 10)
        #expect(feed.page(3, limit: 5, every: 5, now: feed.started + 11).list.map(\.id) == [4, 3, 2, 1])
        #expect(feed.page(4, limit: 5, every: 5, now: feed.started + 11).list.isEmpty)
    }

    @Test func listingsHaveANestedSeller() throws {
        let listing = feed.listing(13, every: 5)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(listing)) as? [String: Any])
        let seller = try #require(json["seller"] as? [String: Any])
        #expect(seller["name"] is String && seller["city"] is String)
        #expect(json["created_at"] as? Int == listing.createdAt)
    }

    @Test func theServerServesItAndRefusesABadInterval() async throws {
        try await withDemoServer { server in
            let json = try await TestHTTP.get("\(server.baseURL)/api/live?limit=3&every=3600").json()
            let datas = try #require(json["datas"] as? [String: Any])
            #expect((datas["list"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [12, 11, 10])
            #expect(datas["total"] as? Int == 12)
            for query in ["every=0", "every=soon", "page=0"] {
                #expect(try await TestHTTP.get("\(server.baseURL)/api/live?\(query)").status == 400, "\(query)")
            }
        }
    }
}
