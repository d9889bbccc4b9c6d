import Hummingbird

/// Slack's `conversations.list`: `{ok, channels, response_metadata:
/// {next_cursor}}` with an empty `next_cursor` at the end. Like Slack, a
/// page can come back empty while the cursor goes on (here the second).
/// Needs a bearer token; without one `{"ok": false, "error": "not_authed"}`.
enum LookalikeSlack {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/conversations.list") { request, _ in
            guard DemoLookalikeRoutes.bearer(request) != nil else {
                return LookalikeResponse.json(.object([("ok", false), ("error", "not_authed")]))
            }
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 100, in: 1...1000)
            // The cursor is "dGVhbTo" + the page number: page 2 is empty.
            let page = DemoLookalikeRoutes.query(request, "cursor").flatMap { Int($0.dropFirst(7)) } ?? 1
            let start = page <= 1 ? 0 : (page - 2) * limit
            let channels = page == 2 ? [] : Array(items.dropFirst(start).prefix(limit))
            let consumed = page == 2 ? limit : start + channels.count
            let next = consumed < items.count ? "dGVhbTo\(page + 1)" : ""
            return LookalikeResponse.json(.object([
                ("ok", true),
                ("channels", .array(channels.map { item in
                    .object([("id", .string("C0\(item.id)")), ("name", .string(slug(item.title))),
                             ("is_channel", true), ("created", .int(item.createdAt)),
                             ("topic", .object([("value", .string(item.subtitle))])),
                             ("num_members", .int(item.id * 3))])
                })),
                ("response_metadata", .object([("next_cursor", .string(next))])),
            ]))
        }
    }

    static func slug(_ title: String) -> String {
        LookalikeGraphQL.slug(title)
    }
}
