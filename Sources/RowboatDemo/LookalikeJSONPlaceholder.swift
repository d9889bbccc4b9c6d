import Hummingbird

/// JSONPlaceholder (json-server), `GET /posts?_start=&_limit=`: a bare
/// array of posts, the whole count in `X-Total-Count`; without `_limit`
/// every post.
enum LookalikeJSONPlaceholder {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/posts") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let start = DemoLookalikeRoutes.int(request, "_start", default: 0, in: 0...items.count)
            let limit = DemoLookalikeRoutes.int(request, "_limit", default: items.count, in: 0...items.count)
            let posts: [LookalikeJSON] = items.dropFirst(start).prefix(limit).map { item in
                .object([("userId", .int(1 + item.id % 10)), ("id", .int(item.id)), ("title", .string(item.title)),
                         ("body", .string(item.subtitle))])
            }
            return LookalikeResponse.json(.array(posts), headers: [("X-Total-Count", String(items.count))])
        }
    }
}
