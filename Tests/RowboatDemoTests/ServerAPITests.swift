import Foundation
import Testing
import RowboatDemo

@Suite("Demo server JSON API", .timeLimit(.minutes(1)))
struct ServerAPITests {
    @Test func firstPageEnvelope() async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/api/items")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let json = try response.json()
            #expect(json["code"] as? Int == 200)
            #expect(json["msg"] as? String == "success")
            let datas = try #require(json["datas"] as? [String: Any])
            #expect(datas["page"] as? Int == 1)
            #expect(datas["totalPage"] as? Int == 50)
            #expect(datas["total"] as? Int == 1000)
            let list = try #require(datas["list"] as? [[String: Any]])
            #expect(list.count == 20)
            #expect(list.compactMap { $0["id"] as? Int } == Array(1...20))
            let first = try #require(list.first)
            #expect(first["title"] as? String == "Brass Lantern")
            #expect(first["image"] as? String == "\(server.baseURL)/images/1.png")
            #expect(first["created_at"] is Int)
            #expect(first["price"] is Double && first["rating"] is Double)
            #expect(first["subtitle"] is String && first["description"] is String)
        }
    }

    @Test func lastPageAndBeyond() async throws {
        try await withDemoServer { server in
            let last = try await TestHTTP.get("\(server.baseURL)/api/items?page=50&limit=20").json()
            let lastDatas = try #require(last["datas"] as? [String: Any])
            let lastList = try #require(lastDatas["list"] as? [[String: Any]])
            #expect(lastList.compactMap { $0["id"] as? Int } == Array(981...1000))

            let beyond = try await TestHTTP.get("\(server.baseURL)/api/items?page=51")
            #expect(beyond.status == 200)
            let json = try beyond.json()
            #expect(json["code"] as? Int == 200 && json["msg"] as? String == "success")
            let datas = try #require(json["datas"] as? [String: Any])
            #expect((datas["list"] as? [Any])?.isEmpty == true)
            #expect(datas["page"] as? Int == 51 && datas["totalPage"] as? Int == 50 && datas["total"] as? Int == 1000)
        }
    }

    @Test func limitIsClamped() async throws {
        try await withDemoServer { server in
            for (limit, count, pages) in [("1000", 100, 10), ("0", 1, 1000), ("-5", 1, 1000), ("7", 7, 143)] {
                let json = try await TestHTTP.get("\(server.baseURL)/api/items?page=1&limit=\(limit)").json()
                let datas = try #require(json["datas"] as? [String: Any])
                #expect((datas["list"] as? [Any])?.count == count, "limit=\(limit)")
                #expect(datas["totalPage"] as? Int == pages, "limit=\(limit)")
            }
        }
    }

    @Test(arguments: ["page=abc", "page=2&limit=ten", "page=0", "page="])
    func invalidPageIs400(query: String) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/api/items?\(query)")
            #expect(response.status == 400)
            let json = try response.json()
            #expect(json["code"] as? Int == 400)
            #expect(json["msg"] as? String == "invalid page")
            #expect(json["datas"] is NSNull)
        }
    }

    @Test func itemByID() async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/api/items/2")
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["code"] as? Int == 200 && json["msg"] as? String == "success")
            let item = try #require(json["datas"] as? [String: Any])
            #expect(item["id"] as? Int == 2)
            #expect(item["title"] as? String == "青花瓷茶杯 Teacup")
            #expect(item["image"] as? String == "\(server.baseURL)/images/2.jpg")
            let third = try await TestHTTP.get("\(server.baseURL)/api/items/3").json()
            #expect((third["datas"] as? [String: Any])?["title"] as? String == "Rocket 🚀 Launcher")
        }
    }

    @Test(arguments: ["0", "1001", "abc", "-1"])
    func unknownItemIs404(id: String) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/api/items/\(id)")
            #expect(response.status == 404)
            let json = try response.json()
            #expect(json["code"] as? Int == 404)
            #expect(json["msg"] as? String == "no such item")
            #expect(json["datas"] is NSNull)
        }
    }
}
