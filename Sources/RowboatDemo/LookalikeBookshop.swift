import Hummingbird

/// A bookshop's catalog, `GET /api/bookshop/books?per_page=20`:
/// `{"books": […], "page": 1, "per_page": 20, "total": 47}`, `page` from
/// 1. Each book is `{"isbn", "title", "author", "url"}`: the ISBN-13 names
/// it, and its `url` (the book's page on the shop, absolute) is unique too —
/// a link, not the id.
enum LookalikeBookshop {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/bookshop/books") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "per_page", default: 20, in: 1...100)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let (page, _) = DemoLookalikeRoutes.numbered(items, page: number, size: size)
            let base = DemoLookalikeRoutes.base(state)
            return LookalikeResponse.json(.object([
                ("books", .array(page.map { item in
                    let isbn = isbn13(item.id)
                    return .object([("isbn", .string(isbn)), ("title", .string(item.title)), ("author", .string(item.subtitle)),
                                    ("url", .string("\(base)/bookshop/books/\(isbn)"))])
                })),
                ("page", .int(number)), ("per_page", .int(size)), ("total", .int(items.count)),
            ]))
        }
    }

    /// A valid ISBN-13 for book `n`: 978, nine digits from `n`, and its check digit.
    static func isbn13(_ n: Int) -> String {
        let body = "978" + String(String(100_000_000 + n * 7_919).suffix(9))
        let sum = body.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }
}
