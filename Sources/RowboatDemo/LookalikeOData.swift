import Hummingbird

/// OData v4 (the Northwind service): `value` holds the page,
/// `@odata.count` the total with `$count=true`, and `@odata.nextLink` the
/// next page's URL (server-driven paging with `$skiptoken`; the page size
/// from `Prefer: odata.maxpagesize`, default 20).
enum LookalikeOData {
    static let path = "/V4/Northwind/Northwind.svc/Products"

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let skip = DemoLookalikeRoutes.int(request, "$skiptoken", default: 0, in: 0...items.count)
            let prefer = request.headers[values: .init("Prefer")!].joined(separator: ",")
            let size = prefer.split(separator: ",").compactMap { part -> Int? in
                let kv = part.split(separator: "=")
                guard kv.count == 2, kv[0].trimmingCharacters(in: .whitespaces) == "odata.maxpagesize" else { return nil }
                return Int(kv[1].trimmingCharacters(in: .whitespaces))
            }.first.map { min(max($0, 1), 50) } ?? 20
            let page = items.dropFirst(skip).prefix(size)
            let base = DemoLookalikeRoutes.base(state)
            var body: [(String, LookalikeJSON)] = [("@odata.context", .string("\(base)/V4/Northwind/Northwind.svc/$metadata#Products"))]
            if DemoLookalikeRoutes.query(request, "$count") == "true" { body.append(("@odata.count", .int(items.count))) }
            body.append(("value", .array(page.map { item in
                .object([("ProductID", .int(item.id)), ("ProductName", .string(item.title)),
                         ("QuantityPerUnit", .string(item.subtitle)), ("UnitPrice", .number(item.price)),
                         ("Discontinued", .bool(item.id % 7 == 0))])
            })))
            if skip + size < items.count {
                body.append(("@odata.nextLink", .string("\(base)\(path)?%24count=true&%24skiptoken=\(skip + size)")))
            }
            return LookalikeResponse.json(.object(body), contentType: "application/json; odata.metadata=minimal")
        }
    }
}
