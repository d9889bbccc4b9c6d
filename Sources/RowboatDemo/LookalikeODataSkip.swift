import Hummingbird

/// An OData v4 service without server-driven paging, `GET
/// /odata/People?$top=20&$count=true`: `{"@odata.context": …,
/// "@odata.count": 47, "value": […]}` and no next link: the client pages
/// with `$skip`. Past the end, `value` is empty.
enum LookalikeODataSkip {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/odata/People") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let top = DemoLookalikeRoutes.int(request, "$top", default: items.count, in: 0...1000)
            let skip = DemoLookalikeRoutes.int(request, "$skip", default: 0, in: 0...1_000_000)
            let page = items.dropFirst(skip).prefix(top)
            var body: [(String, LookalikeJSON)] = [("@odata.context", .string(DemoLookalikeRoutes.base(state) + "/odata/$metadata#People"))]
            if DemoLookalikeRoutes.query(request, "$count") == "true" { body.append(("@odata.count", .int(items.count))) }
            body.append(("value", .array(page.map { item in
                .object([("UserName", .string("\(LookalikeOffsetToken.slug(item.title))\(item.id)")), ("FirstName", .string(item.title)),
                         ("LastName", .string(item.subtitle)), ("Age", .int(18 + item.id % 50))])
            })))
            return LookalikeResponse.json(.object(body), contentType: "application/json; odata.metadata=minimal")
        }
    }
}
