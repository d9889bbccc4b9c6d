import Hummingbird

/// Apache Solr's select handler, `GET /solr/products/select?q=*:*&rows=20`:
/// `{"responseHeader": {…}, "response": {"numFound": 47, "start": 0,
/// "numFoundExact": true, "docs": […]}}`; `start` (absent from the first
/// URL) moves the window; past the end, `docs` is empty.
enum LookalikeSolr {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/solr/products/select") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let rows = DemoLookalikeRoutes.int(request, "rows", default: 10, in: 0...10_000)
            let start = DemoLookalikeRoutes.int(request, "start", default: 0, in: 0...1_000_000)
            let page = items.dropFirst(start).prefix(rows)
            var params: [(String, LookalikeJSON)] = [("q", .string(DemoLookalikeRoutes.query(request, "q") ?? "*:*"))]
            params.append(("rows", .string(String(rows))))
            return LookalikeResponse.json(.object([
                ("responseHeader", .object([("zkConnected", true), ("status", 0), ("QTime", 2), ("params", .object(params))])),
                ("response", .object([
                    ("numFound", .int(items.count)), ("start", .int(start)), ("numFoundExact", true),
                    ("docs", .array(page.map { item in
                        .object([("sku", .string("SKU-\(1000 + item.id)")), ("name", .array([.string(item.title)])),
                                 ("manu", .string(item.subtitle)), ("price", .number(item.price)),
                                 ("_version_", .int(1_790_000_000_000_000_000 + item.id))])
                    })),
                ])),
            ]))
        }
    }
}
