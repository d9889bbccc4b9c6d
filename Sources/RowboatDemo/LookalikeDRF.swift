import Hummingbird

/// Django REST framework's `PageNumberPagination`, `GET /api/authors/`:
/// `{"count": 47, "next": "http://…/api/authors/?page=2", "previous": null,
/// "results": […]}` with pages of 20; `?page=N` past the last is a 404
/// `{"detail": "Invalid page."}`.
enum LookalikeDRF {
    static let perPage = 20

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/authors") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let (page, pages) = DemoLookalikeRoutes.numbered(items, page: number, size: perPage)
            guard number <= pages else { return LookalikeResponse.json(.object([("detail", "Invalid page.")]), status: .notFound) }
            let base = DemoLookalikeRoutes.base(state) + "/api/authors/"
            return LookalikeResponse.json(.object([
                ("count", .int(items.count)),
                ("next", number < pages ? .string("\(base)?page=\(number + 1)") : .null),
                ("previous", number > 1 ? .string(number == 2 ? base : "\(base)?page=\(number - 1)") : .null),
                ("results", .array(page.map { item in
                    .object([("id", .int(item.id)), ("title", .string(item.title)), ("author", .string(item.subtitle)),
                             ("isbn", .string("978-0-\(100_000 + item.id)")), ("published", .string("2019-0\(1 + item.id % 9)-15"))])
                })),
            ]))
        }
    }
}
