import Hummingbird

/// Discourse's topic list, `GET /latest.json`: `{users: […], topic_list:
/// {per_page, topics: […], more_topics_url}}` where `more_topics_url` is a
/// relative URL (`/latest?no_definitions=true&page=1`, pages from 0, no
/// `.json`: the JSON comes by `Accept`), absent on the last page. Its
/// `users` array is a second, smaller list of objects.
enum LookalikeDiscourse {
    static let perPage = 20

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        for path in ["/latest.json", "/latest"] {
            router.get(RouterPath(stringLiteral: path)) { request, _ in
                let items = DemoLookalikeRoutes.items(state)
                let page = DemoLookalikeRoutes.int(request, "page", default: 0, in: 0...1000)
                let topics = items.dropFirst(page * perPage).prefix(perPage)
                var list: [(String, LookalikeJSON)] = [
                    ("can_create_topic", false), ("per_page", .int(perPage)),
                    ("topics", .array(topics.map { item in
                        .object([("id", .int(1000 + item.id)), ("title", .string(item.title)),
                                 ("fancy_title", .string(item.title)), ("slug", .string(LookalikeGraphQL.slug(item.title))),
                                 ("posts_count", .int(1 + item.id % 13)),
                                 ("created_at", .string("2026-01-\(String(format: "%02d", 1 + item.id % 28))T12:00:00.000Z")),
                                 ("excerpt", .string(item.subtitle))])
                    })),
                ]
                if (page + 1) * perPage < items.count {
                    list.append(("more_topics_url", .string("/latest?no_definitions=true&page=\(page + 1)")))
                }
                let users: [LookalikeJSON] = (1...5).map { n in
                    .object([("id", .int(n)), ("username", .string("user\(n)")),
                             ("avatar_template", .string("/user_avatar/forum/user\(n)/{size}/1_2.png"))])
                }
                return LookalikeResponse.json(.object([("users", .array(users)), ("topic_list", .object(list))]))
            }
        }
    }
}
