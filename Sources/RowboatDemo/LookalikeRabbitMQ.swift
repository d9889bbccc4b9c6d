import Hummingbird

/// RabbitMQ's management API, `GET /api/queues`: a bare array of every
/// queue, or, with `page` (from 1) and `page_size`, `{filtered_count,
/// item_count, items, page, page_count, page_size, total_count}`. A page
/// past the last is a 400 `{"error": "bad_request", "reason": "Page out
/// of range"}`. Each queue is named by `name` (no `id`).
enum LookalikeRabbitMQ {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/queues") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            guard DemoLookalikeRoutes.query(request, "page") != nil else { return LookalikeResponse.json(.array(items.map(queue))) }
            let size = DemoLookalikeRoutes.int(request, "page_size", default: 100, in: 1...500)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let (page, pages) = DemoLookalikeRoutes.numbered(items, page: number, size: size)
            guard number <= pages else {
                return LookalikeResponse.json(.object([("error", "bad_request"), ("reason", "Page out of range")]),
                                              status: .badRequest)
            }
            return LookalikeResponse.json(.object([
                ("filtered_count", .int(items.count)), ("item_count", .int(page.count)), ("items", .array(page.map(queue))),
                ("page", .int(number)), ("page_count", .int(pages)), ("page_size", .int(size)),
                ("total_count", .int(items.count)),
            ]))
        }
    }

    static func queue(_ item: DemoItem) -> LookalikeJSON {
        .object([
            ("arguments", .object([])), ("auto_delete", false), ("durable", true), ("exclusive", false),
            ("messages", .int(item.id * 3 % 50)), ("messages_ready", .int(item.id % 7)),
            ("name", .string("\(LookalikeOffsetToken.slug(item.title)).\(item.id)")), ("node", "rabbit@node1"),
            ("state", "running"), ("type", "classic"), ("vhost", "/"),
        ])
    }
}
