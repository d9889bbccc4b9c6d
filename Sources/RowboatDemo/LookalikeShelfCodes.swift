import Hummingbird

/// A stock list whose short `code` is unique on a page but not beyond it
/// (a code per shelf slot, used again on every page of 20), `GET
/// /api/stock?page_size=20`: `{"results": […], "total": 47}` with `page`
/// from 1. Only `sku` names an item: an id chosen from the first page
/// alone would merge items of later pages.
enum LookalikeShelfCodes {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/stock") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "page_size", default: 20, in: 1...100)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let page = items.dropFirst((number - 1) * size).prefix(size)
            return LookalikeResponse.json(.object([
                ("results", .array(page.enumerated().map { slot, item in
                    .object([("code", .string("S\(slot + 1)")), ("sku", .string("SKU-\(7000 + item.id)")),
                             ("name", .string(item.title)), ("maker", .string(item.subtitle)), ("stock", .int(item.id % 9))])
                })),
                ("total", .int(items.count)),
            ]))
        }
    }
}
