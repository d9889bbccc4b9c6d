import Hummingbird

/// A Rails API paged with Kaminari, `GET /api/v2/tickets?per_page=20`:
/// `{"tickets": […], "meta": {"current_page": 1, "next_page": 2,
/// "prev_page": null, "total_pages": 3, "total_count": 47}}`, no next
/// link; `page` counts from 1 and is absent from the first URL.
enum LookalikeKaminari {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/v2/tickets") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "per_page", default: 25, in: 1...100)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let (page, pages) = DemoLookalikeRoutes.numbered(items, page: number, size: size)
            return LookalikeResponse.json(.object([
                ("tickets", .array(page.map { item in
                    .object([("id", .int(5000 + item.id)), ("subject", .string(item.title)), ("requester", .string(item.subtitle)),
                             ("status", "open"), ("created_at", .string("2026-05-\(String(format: "%02d", 1 + item.id % 28))T09:00:00Z"))])
                })),
                ("meta", .object([("current_page", .int(number)), ("next_page", number < pages ? .int(number + 1) : .null),
                                  ("prev_page", number > 1 ? .int(number - 1) : .null), ("total_pages", .int(pages)),
                                  ("total_count", .int(items.count))])),
            ]))
        }
    }
}
