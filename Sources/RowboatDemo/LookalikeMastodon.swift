import Hummingbird

/// Mastodon's `GET /api/v1/timelines/public?limit=N&max_id=ID`: a bare
/// array of statuses, newest first, whose `content` is HTML; the next page
/// is in the `Link` header (`rel="next"` with `max_id`), which stops with
/// the empty page after the last status.
enum LookalikeMastodon {
    static let path = "/api/v1/timelines/public"

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 20, in: 1...40)
            let maxID = DemoLookalikeRoutes.query(request, "max_id").flatMap(Int.init)
            let page = items.filter { item in maxID.map { statusID(item) < $0 } ?? true }.prefix(limit)
            let statuses: [LookalikeJSON] = page.map { item in
                .object([
                    ("id", .string(String(statusID(item)))),
                    ("created_at", .string("2026-02-\(String(format: "%02d", 1 + item.id % 28))T09:30:00.000Z")),
                    ("content", .string("<p>\(item.title) &amp; friends<br>\(item.subtitle)</p><p><a href=\"https://example.social/tags/rowboat\" class=\"mention hashtag\">#<span>rowboat</span></a></p>")),
                    ("url", .string("https://example.social/@user\(item.id % 9)/\(statusID(item))")),
                    ("account", .object([("acct", .string("user\(item.id % 9)")),
                                         ("display_name", .string("User \(item.id % 9)"))])),
                    ("replies_count", .int(item.id % 4)), ("reblogs_count", .int(item.id % 7)),
                    ("favourites_count", .int(item.id % 11)),
                ])
            }
            var headers: [(String, String)] = []
            if let last = page.last, let first = page.first {
                let base = DemoLookalikeRoutes.base(state) + path
                headers.append(("Link", "<\(base)?limit=\(limit)&max_id=\(statusID(last))>; rel=\"next\", "
                    + "<\(base)?limit=\(limit)&min_id=\(statusID(first))>; rel=\"prev\""))
            }
            return LookalikeResponse.json(.array(statuses), headers: headers)
        }
    }

    /// Snowflake-like ids that fall as the catalog goes on.
    static func statusID(_ item: DemoItem) -> Int {
        113_000_000_000_000_000 - item.id * 1000
    }
}
