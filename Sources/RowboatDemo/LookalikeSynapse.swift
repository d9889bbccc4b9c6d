import Hummingbird

/// Synapse's admin API (a Matrix server), `GET
/// /_synapse/admin/v2/users?limit=20`: `{"users": […], "next_token":
/// "20", "total": 47}`; `next_token` goes back as `from`, and is absent
/// on the last page.
enum LookalikeSynapse {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/_synapse/admin/v2/users") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 100, in: 1...1000)
            let from = DemoLookalikeRoutes.int(request, "from", default: 0, in: 0...1_000_000)
            let page = items.dropFirst(from).prefix(limit)
            var body: [(String, LookalikeJSON)] = [("users", .array(page.map { item in
                .object([("name", .string("@\(LookalikeOffsetToken.slug(item.title))\(item.id):example.org")),
                         ("displayname", .string(item.title)), ("admin", .bool(item.id == 1)), ("deactivated", false),
                         ("creation_ts", .int(item.createdAt * 1000)), ("user_type", .null)])
            }))]
            if from + page.count < items.count { body.append(("next_token", .string(String(from + page.count)))) }
            body.append(("total", .int(items.count)))
            return LookalikeResponse.json(.object(body))
        }
    }
}
