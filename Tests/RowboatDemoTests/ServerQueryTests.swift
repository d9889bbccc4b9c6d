import Foundation
import Testing
import RowboatDemo
import RowboatTestSupport

@Suite("Demo server: search, filters and sort", .timeLimit(.minutes(1)))
struct ServerQueryTests {
    func items(_ server: CountedDemoServer, _ query: String) async throws -> (list: [[String: Any]], total: Int?) {
        let json = try await TestHTTP.get("\(server.baseURL)/api/items?\(query)").json()
        let datas = try #require(json["datas"] as? [String: Any])
        return (try #require(datas["list"] as? [[String: Any]]), datas["total"] as? Int)
    }

    @Test func filtersNarrowAndTotalsFollow() async throws {
        try await withDemoServer { server in
            let catalog = DemoCatalog(baseURL: server.baseURL)
            let expected = catalog.items.filter { $0.price <= 20 && $0.rating >= 3 }
            let page = try await items(server, "max_price=20&min_rating=3&limit=100")
            #expect(page.total == expected.count)
            #expect(page.list.compactMap { $0["id"] as? Int } == expected.prefix(100).map(\.id))
        }
    }

    @Test func searchMatchesTitleOrSubtitleIgnoringCase() async throws {
        try await withDemoServer { server in
            let page = try await items(server, "q=OAK&limit=100")
            let titles = page.list.compactMap { $0["title"] as? String }
            #expect(!titles.isEmpty)
            for item in page.list {
                let text = "\(item["title"] ?? "") \(item["subtitle"] ?? "")".lowercased()
                #expect(text.contains("oak"))
            }
            let cjk = try await items(server, "q=%E9%9D%92%E8%8A%B1&limit=100")   // 青花
            #expect(cjk.list.first?["title"] as? String == "青花瓷茶杯 Teacup")
        }
    }

    @Test func sortOrdersAcrossPages() async throws {
        try await withDemoServer { server in
            let first = try await items(server, "sort=price_desc&limit=50&page=1")
            let second = try await items(server, "sort=price_desc&limit=50&page=2")
            let prices = (first.list + second.list).compactMap { $0["price"] as? Double }
            #expect(prices.count == 100)
            #expect(prices == prices.sorted(by: >))
            let rated = try await items(server, "sort=rating_desc&limit=100").list.compactMap { $0["rating"] as? Double }
            #expect(rated == rated.sorted(by: >))
            let titles = try await items(server, "sort=title&limit=100").list.compactMap { $0["title"] as? String }
            #expect(titles == titles.sorted())
        }
    }

    @Test func unknownValuesAreA400WithAMessage() async throws {
        try await withDemoServer { server in
            for (query, message) in [("sort=cheapest", "invalid sort"), ("min_rating=high", "invalid min_rating"),
                                     ("max_price=1e999", "invalid max_price")] {
                let response = try await TestHTTP.get("\(server.baseURL)/api/items?\(query)")
                #expect(response.status == 400)
                #expect(try response.json()["msg"] as? String == message)
            }
        }
    }
}
