import Hummingbird

/// FastAPI with fastapi-pagination's `CursorPage`, `GET /api/v1/notes?size=20`:
/// `{"items": […], "total": null, "current_page": "…",
/// "current_page_backwards": "…", "previous_page": null, "next_page": "…"}`;
/// the `next_page` cursor goes back as `cursor`, and is null on the last
/// page.
enum LookalikeCursorPage {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/v1/notes") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "size", default: 50, in: 1...100)
            var start = 0
            if let cursor = DemoLookalikeRoutes.query(request, "cursor") {
                guard let offset = LookalikeOffsetToken.decode(cursor, count: items.count) else {
                    return LookalikeResponse.json(.object([("detail", "Invalid cursor value")]), status: .badRequest)
                }
                start = offset
            }
            let page = items.dropFirst(start).prefix(size)
            let next = start + page.count
            return LookalikeResponse.json(.object([
                ("items", .array(page.map { item in
                    .object([("uuid", .string("3b1f\(String(item.id, radix: 16))-note")), ("text", .string(item.title)),
                             ("author", .string(item.subtitle)), ("created", .int(item.createdAt))])
                })),
                ("total", .null), ("current_page", .string(LookalikeOffsetToken.encode(start))),
                ("current_page_backwards", .string(LookalikeOffsetToken.encode(start) + "-")),
                ("previous_page", start == 0 ? .null : .string(LookalikeOffsetToken.encode(max(0, start - size)))),
                ("next_page", next < items.count ? .string(LookalikeOffsetToken.encode(next)) : .null),
            ]))
        }
    }
}
