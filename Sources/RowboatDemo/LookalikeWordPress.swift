import Hummingbird

/// The WordPress REST API, `GET /wp-json/wp/v2/posts?page=N&per_page=M`:
/// a bare array of posts whose `title.rendered` and `excerpt.rendered` are
/// HTML, with the totals in `X-WP-Total` and `X-WP-TotalPages`; a page
/// past the end is a 400 `rest_post_invalid_page_number`.
enum LookalikeWordPress {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/wp-json/wp/v2/posts") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let perPage = DemoLookalikeRoutes.int(request, "per_page", default: 10, in: 1...100)
            let totalPages = (items.count + perPage - 1) / perPage
            let page = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...Int.max / 1000)
            guard page <= totalPages else {
                return LookalikeResponse.json(.object([
                    ("code", "rest_post_invalid_page_number"),
                    ("message", "The page number requested is larger than the number of pages available."),
                    ("data", .object([("status", 400)])),
                ]), status: .badRequest)
            }
            let posts: [LookalikeJSON] = items.dropFirst((page - 1) * perPage).prefix(perPage).map { item in
                .object([
                    ("id", .int(item.id)),
                    ("date_gmt", .string("2026-03-\(String(format: "%02d", 1 + item.id % 28))T08:00:00")),
                    ("link", .string("https://blog.example.com/\(LookalikeGraphQL.slug(item.title))/")),
                    ("title", .object([("rendered", .string("\(item.title) &#8211; notes"))])),
                    ("excerpt", .object([("rendered", .string("<p>\(item.subtitle)&hellip; <a class=\"more-link\" href=\"#\">Read more</a></p>\n"))])),
                ])
            }
            return LookalikeResponse.json(.array(posts), headers: [("X-WP-Total", String(items.count)),
                                                                    ("X-WP-TotalPages", String(totalPages))])
        }
    }
}
