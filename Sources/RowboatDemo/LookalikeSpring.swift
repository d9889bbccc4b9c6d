import Hummingbird

/// A Spring Data REST controller returning a `Page`, `GET
/// /api/products?size=20`: `{content: […], pageable: {…}, last, totalPages,
/// totalElements, size, number, first, numberOfElements, empty}`; `page`
/// counts from 0 and, absent, is 0 (the URL a user copies has none). A
/// page past the end has empty `content` and `last: true`.
enum LookalikeSpring {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/products") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "size", default: 20, in: 1...100)
            let number = DemoLookalikeRoutes.int(request, "page", default: 0, in: 0...10_000)
            let totalPages = (items.count + size - 1) / size
            let page = items.dropFirst(number * size).prefix(size)
            let sort: LookalikeJSON = .object([("empty", true), ("sorted", false), ("unsorted", true)])
            return LookalikeResponse.json(.object([
                ("content", .array(page.map { item in
                    .object([("id", .int(item.id)), ("name", .string(item.title)), ("description", .string(item.subtitle)),
                             ("price", .number(item.price)), ("rating", .number(item.rating))])
                })),
                ("pageable", .object([("pageNumber", .int(number)), ("pageSize", .int(size)), ("sort", sort),
                                      ("offset", .int(number * size)), ("paged", true), ("unpaged", false)])),
                ("last", .bool(number >= totalPages - 1)), ("totalPages", .int(totalPages)),
                ("totalElements", .int(items.count)), ("size", .int(size)), ("number", .int(number)), ("sort", sort),
                ("first", .bool(number == 0)), ("numberOfElements", .int(page.count)), ("empty", .bool(page.isEmpty)),
            ]))
        }
    }
}
