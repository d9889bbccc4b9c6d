import Foundation
import RowboatApp
import RowboatSpec
import Testing
@testable import RowboatNetwork

/// One paging style with one end-of-data rule, walked to its end.
struct WalkCase: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var params: String
    var paging: String
    var list: String = "data.items"
    var pages: Int
    var lastID: Int = Dataset.count
    var testDescription: String { name }
}

@Suite("PageSource.walk: every paging style and end-of-data rule against a real server", .timeLimit(.minutes(1)))
struct PagingWalkTests {
    static let env = "{shape: env}"
    static let envEndless = "{shape: env, endless: '1'}"
    static let cases: [WalkCase] = [
        // page
        .init(name: "page + totalPages (body)", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10, totalPages: data.totalPages}", pages: 5),
        .init(name: "page + totalPagesHeader", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10, totalPagesHeader: X-Total-Pages}", pages: 5),
        .init(name: "page + totalCount (body)", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10, totalCount: data.total}", pages: 5),
        .init(name: "page + totalCountHeader", path: "/page", params: "{shape: root}",
              paging: "{style: page, sizeParam: size, size: 10, totalCountHeader: x-total-count}", list: "", pages: 5),
        .init(name: "page + hasMore (bool)", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10, hasMore: data.hasMore}", pages: 5),
        .init(name: "page + hasMore (yes/no text)", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10, hasMore: data.more}", pages: 5),
        .init(name: "page + empty page", path: "/page", params: env,
              paging: "{style: page, sizeParam: size, size: 10}", pages: 6),
        .init(name: "page from 0 + totalPages", path: "/page", params: "{shape: env, first: '0'}",
              paging: "{style: page, firstPage: 0, sizeParam: size, size: 10, totalPages: data.totalPages}", pages: 5),
        // offset
        .init(name: "offset + totalCountHeader", path: "/offset", params: "{shape: root}",
              paging: "{style: offset, limitParam: size, size: 10, totalCountHeader: X-Total-Count}", list: "", pages: 5),
        .init(name: "offset + totalCount (body)", path: "/offset", params: env,
              paging: "{style: offset, offsetParam: offset, sizeParam: size, size: 10, totalCount: data.total}", pages: 5),
        .init(name: "offset + hasMore", path: "/offset", params: env,
              paging: "{style: offset, sizeParam: size, size: 10, hasMore: data.hasMore}", pages: 5),
        .init(name: "offset + empty page", path: "/offset", params: env,
              paging: "{style: offset, sizeParam: size, size: 10}", pages: 6),
        // cursor
        .init(name: "cursor + null next cursor", path: "/cursor", params: env,
              paging: "{style: cursor, cursorParam: cursor, nextCursor: data.next, sizeParam: size, size: 10}", pages: 5),
        .init(name: "cursor + hasMore", path: "/cursor", params: envEndless,
              paging: "{style: cursor, nextCursor: data.next, sizeParam: size, size: 10, hasMore: data.hasMore}", pages: 5),
        .init(name: "cursor + totalCount", path: "/cursor", params: envEndless,
              paging: "{style: cursor, nextCursor: data.next, sizeParam: size, size: 10, totalCount: data.total}", pages: 5),
        // (Cursor, nextURL and link styles end at an empty page only with
        // endOnEmptyPage; by default they go on while the server gives a
        // next cursor: see the Slack look-alike in the CLI tests.)
        .init(name: "cursor + empty page (endOnEmptyPage)", path: "/cursor", params: envEndless,
              paging: "{style: cursor, nextCursor: data.next, sizeParam: size, size: 10, endOnEmptyPage: true}", pages: 6),
        // nextURL
        .init(name: "nextURL + null next URL", path: "/nexturl", params: "{shape: env, tag: [a, b]}",
              paging: "{style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 10}", pages: 5),
        .init(name: "nextURL relative + null next URL", path: "/nexturl", params: "{shape: env, rel: '1'}",
              paging: "{style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 10}", pages: 5),
        .init(name: "nextURL + hasMore", path: "/nexturl", params: envEndless,
              paging: "{style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 10, hasMore: data.more}", pages: 5),
        .init(name: "nextURL + totalCountHeader", path: "/nexturl", params: envEndless,
              paging: "{style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 10, totalCountHeader: X-Total-Count}",
              pages: 5),
        .init(name: "nextURL + empty page (endOnEmptyPage)", path: "/nexturl", params: envEndless,
              paging: "{style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 10, endOnEmptyPage: true}",
              pages: 6),
        // link
        .init(name: "link + no rel=next", path: "/link", params: "{shape: root}",
              paging: "{style: link, sizeParam: size, size: 10}", list: "", pages: 5),
        .init(name: "link relative + no rel=next", path: "/link", params: "{shape: root, rel: '1'}",
              paging: "{style: link, sizeParam: size, size: 10}", list: "", pages: 5),
        .init(name: "link + totalCountHeader", path: "/link", params: "{shape: root, endless: '1'}",
              paging: "{style: link, sizeParam: size, size: 10, totalCountHeader: X-Total-Count}", list: "", pages: 5),
        .init(name: "link + empty page (endOnEmptyPage)", path: "/link", params: "{shape: root, endless: '1'}",
              paging: "{style: link, sizeParam: size, size: 10, endOnEmptyPage: true}", list: "", pages: 6),
        // lastId
        .init(name: "lastId + empty page", path: "/lastid", params: env,
              paging: "{style: lastId, cursorParam: after, sizeParam: size, size: 10}", pages: 6),
        .init(name: "lastId + hasMore", path: "/lastid", params: env,
              paging: "{style: lastId, cursorParam: after, sizeParam: size, size: 10, hasMore: data.hasMore}", pages: 5),
        .init(name: "lastId + totalCount", path: "/lastid", params: env,
              paging: "{style: lastId, cursorParam: after, sizeParam: size, size: 10, totalCount: data.total}", pages: 5),
        // none
        .init(name: "none: a single page", path: "/page", params: env,
              paging: "{style: none, sizeParam: size, size: 10}", pages: 1, lastID: 10),
    ]

    @Test(arguments: cases)
    func walksToTheEnd(_ c: WalkCase) async throws {
        try await withTestServer({ r, base in Dataset.reply(r, base: base) }) { server in
            let list = c.list.isEmpty ? "" : "\n    response: {list: \(c.list)}"
            let config = try Support.config("""
            interfaces:
              items:
                url: \(c.path)
                params: \(c.params)
                paging: \(c.paging)\(list)
                item: {id: id, title: name}
            """, server: server.baseURL)
            let (ids, outcome) = try await Support.withClient(config) { try await Support.walk($0, "items") }
            #expect(ids == Support.ids(1...c.lastID))
            #expect(outcome == .endOfData(pages: c.pages))
            let seen = server.requests(path: c.path)
            #expect(seen.count == c.pages)
            // Static params are sent once per request, never re-added to a next URL.
            for request in seen {
                let keys = request.queryItems.map(\.0)
                #expect(keys.filter { $0 == "shape" }.count == 1, "\(request.query)")
                #expect(keys.filter { $0 == "size" }.count == 1, "\(request.query)")
            }
        }
    }

    @Test func nextURLKeepsRepeatedKeysAndAddsNothing() async throws {
        try await withTestServer({ r, base in Dataset.reply(r, base: base) }) { server in
            let config = try Support.config("""
            interfaces:
              items:
                url: /nexturl
                params: {shape: env, tag: [a, b]}
                paging: {style: nextURL, nextURL: data.nextURL, sizeParam: size, size: 20}
                response: {list: data.items}
                item: {id: id, title: name}
            """, server: server.baseURL)
            let (ids, outcome) = try await Support.withClient(config) { try await Support.walk($0, "items") }
            #expect(ids == Support.ids(1...47))
            #expect(outcome == .endOfData(pages: 3))
            #expect(server.requests.map(\.query) == [
                "shape=env&size=20&tag=a&tag=b",
                "shape=env&size=20&tag=a&tag=b&start=20",
                "shape=env&size=20&tag=a&tag=b&start=40",
            ])
        }
    }

    @Test func maxPagesCapFromTheCallAndFromTheConfig() async throws {
        try await withTestServer({ r, base in Dataset.reply(r, base: base) }) { server in
            let config = try Support.config("""
            interfaces:
              items:
                url: /page
                params: {shape: env}
                paging: {style: page, sizeParam: size, size: 10, totalPages: data.totalPages, maxPages: 3}
                response: {list: data.items}
                item: {id: id, title: name}
            """, server: server.baseURL)
            try await Support.withClient(config) { client in
                let byCall = try await Support.walk(client, "items", maxPages: 2)
                #expect(byCall.ids == Support.ids(1...20))
                #expect(byCall.outcome == .capReached(pages: 2))
                let byConfig = try await Support.walk(client, "items")
                #expect(byConfig.ids == Support.ids(1...30))
                #expect(byConfig.outcome == .capReached(pages: 3))
                let roomy = try await Support.walk(client, "items", maxPages: 5)
                #expect(roomy.outcome == .endOfData(pages: 5))
            }
            #expect(server.requests.count == 2 + 3 + 5)
        }
    }

    @Test func duplicatesAcrossPagesAreCountedOnce() async throws {
        // Pages of 10 that overlap by 5: 1-10, 6-15, 11-20.
        try await withTestServer({ r, _ in
            let start = ((r.int("page") ?? 1) - 1) * 5
            let ids = Array(stride(from: start + 1, through: min(20, start + 10), by: 1))
            return .json(["data": ["items": ids.map(Dataset.item), "total": 20]])
        }) { server in
            let config = try Support.config("""
            interfaces:
              items:
                url: /overlap
                paging: {style: page, totalCount: data.total}
                response: {list: data.items}
                item: {id: id, title: name}
            """, server: server.baseURL)
            let (ids, outcome) = try await Support.withClient(config) { try await Support.walk($0, "items") }
            #expect(Array(Set(ids)).sorted { Int($0)! < Int($1)! } == Support.ids(1...20))
            #expect(outcome == .endOfData(pages: 3))
        }
    }
}
