import Hummingbird

/// A static site's JSON archive, paged by a path segment: `GET
/// /archive/page/1.json` is a bare array of 20 posts, `/archive/page/2.json`
/// the next; a page past the last is a 404 (there is no such file), and
/// nothing in a page says how many there are.
enum LookalikePathPages {
    static let perPage = 20

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/archive/page/:file") { _, context in
            let file = context.parameters.get("file") ?? ""
            let items = DemoLookalikeRoutes.items(state)
            guard file.hasSuffix(".json"), let number = Int(file.dropLast(5)), number >= 1,
                  case let (page, pages) = DemoLookalikeRoutes.numbered(items, page: number, size: perPage), number <= pages else {
                return LookalikeResponse.text("<h1>404 Not Found</h1>", status: .notFound, contentType: "text/html")
            }
            return LookalikeResponse.json(.array(page.map { item in
                .object([("slug", .string("\(LookalikeOffsetToken.slug(item.title))-\(item.id)")), ("title", .string(item.title)),
                         ("summary", .string(item.subtitle)), ("date", .string("2026-03-\(String(format: "%02d", 1 + item.id % 28))"))])
            }))
        }
    }
}
