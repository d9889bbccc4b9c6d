import Hummingbird

/// A Django view listing with `Paginator.get_page()`, `GET /api/widgets/`:
/// a bare array of 20 widgets, no totals and no next link; `?page=N`
/// counts from 1 and is absent from the first URL. A page past the end is
/// clamped to the last page (`get_page` answers page 3 for page 4), so
/// only a page of repeats says the data ended.
enum LookalikeDjango {
    static let perPage = 20

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/widgets") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let pages = DemoLookalikeRoutes.numbered(items, page: 1, size: perPage).pages
            let number = min(pages, DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...10_000))
            let page = DemoLookalikeRoutes.numbered(items, page: number, size: perPage).page
            return LookalikeResponse.json(.array(page.map { item in
                .object([("id", .int(item.id)), ("name", .string(item.title)), ("notes", .string(item.subtitle)),
                         ("modified", .string("2026-07-\(String(format: "%02d", 1 + item.id % 28))T16:45:00+00:00"))])
            }))
        }
    }
}
