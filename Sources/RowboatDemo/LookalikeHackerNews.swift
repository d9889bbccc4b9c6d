import Hummingbird

/// Hacker News through Algolia, `GET /api/v1/search_by_date?tags=story&page=&hitsPerPage=`:
/// `{hits, nbHits, nbPages, page, hitsPerPage}` with pages counted from 0.
/// Pages hold at most 20 hits.
enum LookalikeHackerNews {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/v1/search_by_date") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "hitsPerPage", default: 20, in: 1...20)
            let page = DemoLookalikeRoutes.int(request, "page", default: 0, in: 0...Int.max / 1000)
            let hits = items.dropFirst(page * size).prefix(size)
            return LookalikeResponse.json(.object([
                ("hits", .array(hits.map { item in
                    .object([("objectID", .string(String(40_000_000 + item.id))), ("title", .string(item.title)),
                             ("author", .string("user\(item.id % 9)")), ("points", .int(item.id * 7 % 300)),
                             ("created_at_i", .int(item.createdAt)),
                             ("url", .string("https://news.example.com/\(item.id)"))])
                })),
                ("nbHits", .int(items.count)), ("nbPages", .int((items.count + size - 1) / size)),
                ("page", .int(page)), ("hitsPerPage", .int(size)),
            ]))
        }
    }
}
