import Hummingbird

/// PostgREST (and Supabase), `GET /rest/films?limit=20`: a bare array, the
/// window in `Content-Range: 0-19/47`; `offset` moves it. An offset past
/// the last row is a 416 (`PGRST103`, "Requested range not satisfiable").
enum LookalikePostgREST {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/rest/films") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 1000, in: 0...1000)
            let offset = DemoLookalikeRoutes.int(request, "offset", default: 0, in: 0...1_000_000)
            guard offset < items.count || offset == 0 else {
                return LookalikeResponse.json(.object([
                    ("code", "PGRST103"), ("details", .string("An offset of \(offset) was requested, but there are only \(items.count) rows.")),
                    ("hint", .null), ("message", "Requested range not satisfiable"),
                ]), status: .rangeNotSatisfiable, headers: [("Content-Range", "*/\(items.count)")])
            }
            let page = items.dropFirst(offset).prefix(limit)
            let range = page.isEmpty ? "*/\(items.count)" : "\(offset)-\(offset + page.count - 1)/\(items.count)"
            return LookalikeResponse.json(.array(page.map { item in
                .object([("film_id", .int(item.id)), ("title", .string(item.title)), ("director", .string(item.subtitle)),
                         ("rating", .number(item.rating))])
            }), headers: [("Content-Range", range)])
        }
    }
}
