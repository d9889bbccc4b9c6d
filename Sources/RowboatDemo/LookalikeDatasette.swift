import Hummingbird

/// Datasette's table JSON, `GET /fixtures/facetable.json?_size=20`: the
/// rows as arrays with the column names in a separate list, `{columns:
/// ["pk", …], rows: [[1, …], …], next: "20", next_url: "…?_next=20&_size=20"}`,
/// `next` and `next_url` null on the last page.
enum LookalikeDatasette {
    static let path = "/fixtures/facetable.json"
    static let columns = ["pk", "name", "description", "created", "stars", "homepage"]

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "_size", default: 100, in: 1...20)
            let start = DemoLookalikeRoutes.int(request, "_next", default: 0, in: 0...items.count)
            let page = items.dropFirst(start).prefix(size)
            let more = start + page.count < items.count
            let next = start + page.count
            return LookalikeResponse.json(.object([
                ("database", "fixtures"), ("table", "facetable"), ("is_view", false),
                ("filtered_table_rows_count", .int(items.count)),
                ("columns", .array(columns.map { .string($0) })), ("primary_keys", .array(["pk"])),
                ("rows", .array(page.map { item in
                    .array([.int(item.id), .string(item.title), .string(item.subtitle),
                            .string("2026-06-\(String(format: "%02d", 1 + item.id % 28)) 08:30:00"),
                            .int(item.id * 7 % 100), .string("https://example.org/p/\(item.id)")])
                })),
                ("truncated", false),
                ("next", more ? .string(String(next)) : .null),
                ("next_url", more ? .string(DemoLookalikeRoutes.base(state) + path + "?_next=\(next)&_size=\(size)") : .null),
                ("query_ms", .number(1.25)),
            ]))
        }
    }
}
