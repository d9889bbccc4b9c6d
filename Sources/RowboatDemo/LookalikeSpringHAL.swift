import Hummingbird

/// Spring Data REST's HAL answer, `GET /api/books?size=20` (a repository
/// exported as is): `{_embedded: {books: […]}, _links: {self, next, last:
/// {href}}, page: {size, totalElements, totalPages, number}}`; `page`
/// counts from 0, and the last page has no `next` link.
enum LookalikeSpringHAL {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/books") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "size", default: 20, in: 1...100)
            let number = DemoLookalikeRoutes.int(request, "page", default: 0, in: 0...10_000)
            let totalPages = (items.count + size - 1) / size
            let page = items.dropFirst(number * size).prefix(size)
            let base = DemoLookalikeRoutes.base(state) + "/api/books"
            func link(_ n: Int) -> LookalikeJSON { .object([("href", .string("\(base)?page=\(n)&size=\(size)"))]) }
            var links: [(String, LookalikeJSON)] = [("self", link(number)), ("first", link(0))]
            if number + 1 < totalPages { links.append(("next", link(number + 1))) }
            links.append(("last", link(max(0, totalPages - 1))))
            return LookalikeResponse.json(.object([
                ("_embedded", .object([("books", .array(page.map { item in
                    .object([("title", .string(item.title)), ("isbn", .string("978-0-\(String(format: "%05d", item.id))")),
                             ("summary", .string(item.subtitle)),
                             ("_links", .object([("self", .object([("href", .string("http://h/api/books/\(item.id)"))]))]))])
                }))])),
                ("_links", .object(links)),
                ("page", .object([("size", .int(size)), ("totalElements", .int(items.count)),
                                  ("totalPages", .int(totalPages)), ("number", .int(number))])),
            ]), contentType: "application/hal+json")
        }
    }
}
