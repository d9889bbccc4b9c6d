import Hummingbird

/// Azure Cosmos DB's REST API, `GET /dbs/shop/colls/orders/docs`: the
/// page size is the request header `x-ms-max-item-count` (100 without
/// it), and the position travels in headers both ways: the answer's
/// `x-ms-continuation` goes back as the request header of the same name,
/// absent on the last page. The body: `{"_rid", "Documents": […], "_count"}`.
enum LookalikeCosmos {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/dbs/shop/colls/orders/docs") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = request.headers[.init("x-ms-max-item-count")!].flatMap { Int($0) }.map { min(max($0, 1), 1000) } ?? 100
            var start = 0
            if let token = request.headers[.init("x-ms-continuation")!], !token.isEmpty {
                guard let offset = LookalikeOffsetToken.decode(token, count: items.count) else {
                    return LookalikeResponse.json(.object([("code", "BadRequest"), ("message", "Invalid continuation token")]),
                                                  status: .badRequest)
                }
                start = offset
            }
            let page = items.dropFirst(start).prefix(size)
            var headers: [(String, String)] = [("x-ms-item-count", String(page.count))]
            if start + page.count < items.count { headers.append(("x-ms-continuation", LookalikeOffsetToken.encode(start + page.count))) }
            return LookalikeResponse.json(.object([
                ("_rid", "pLJdAOlEdgA="),
                ("Documents", .array(page.map { item in
                    .object([("id", .string("order-\(item.id)")), ("customer", .string(item.subtitle)), ("product", .string(item.title)),
                             ("total", .number(item.price)), ("_rid", .string("pLJdAOlEdgAB\(item.id)==")),
                             ("_ts", .int(item.createdAt)), ("_etag", .string("\"0000\(item.id)-0000\""))])
                })),
                ("_count", .int(page.count)),
            ]), headers: headers)
        }
    }
}
