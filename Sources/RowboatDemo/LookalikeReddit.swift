import Hummingbird

/// A subreddit's listing, `GET /r/{name}/new.json?limit=&after=`:
/// `{kind: "Listing", data: {after, before, dist, children}}`, the next
/// cursor (`t3_…`, the last post's fullname) in `data.after`, null at the
/// end. Like Reddit, it answers with fewer posts than asked (20 at most).
enum LookalikeReddit {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/r/:subreddit/new.json") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "limit", default: 25, in: 1...20)
            let start = DemoLookalikeRoutes.query(request, "after").flatMap { after in
                items.firstIndex { "t3_\($0.id)" == after }.map { items.distance(from: items.startIndex, to: $0) + 1 }
            } ?? 0
            let posts = items.dropFirst(start).prefix(size)
            let after: LookalikeJSON = start + posts.count < items.count ? posts.last.map { .string("t3_\($0.id)") } ?? .null : .null
            return LookalikeResponse.json(.object([
                ("kind", "Listing"),
                ("data", .object([
                    ("after", after), ("before", .null), ("dist", .int(posts.count)),
                    ("children", .array(posts.map { item in
                        .object([("kind", "t3"), ("data", .object([
                            ("name", .string("t3_\(item.id)")), ("title", .string(item.title)),
                            ("author", .string("u_\(item.id % 9)")), ("score", .int(item.id * 11 % 500)),
                            ("created_utc", .number(Double(item.createdAt))),
                        ]))])
                    })),
                ])),
            ]))
        }
    }
}
