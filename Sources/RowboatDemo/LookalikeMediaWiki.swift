import Hummingbird

/// MediaWiki's action API, `GET /w/api.php?action=query&list=search&srsearch=…&format=json&srlimit=20`:
/// `{batchcomplete, continue: {sroffset: 20, continue: "-||"}, query:
/// {searchinfo: {totalhits}, search: […]}}`. Every member of `continue`
/// goes back as a param for the next page; the last page has no
/// `continue`. Without `continue=-||` beside `sroffset` the offset is
/// ignored (as the API's continuation contract wants both).
enum LookalikeMediaWiki {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/w/api.php") { request, _ in
            guard DemoLookalikeRoutes.query(request, "action") == "query",
                  DemoLookalikeRoutes.query(request, "list") == "search" else {
                return LookalikeResponse.json(.object([("error", .object([("code", "badvalue"),
                                                                          ("info", "Unrecognized value for parameter \"action\".")]))]))
            }
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "srlimit", default: 10, in: 1...20)
            let continued = DemoLookalikeRoutes.query(request, "continue") == "-||"
            let offset = continued ? DemoLookalikeRoutes.int(request, "sroffset", default: 0, in: 0...items.count) : 0
            let page = items.dropFirst(offset).prefix(limit)
            var body: [(String, LookalikeJSON)] = [("batchcomplete", "")]
            if offset + page.count < items.count {
                body.append(("continue", .object([("sroffset", .int(offset + page.count)), ("continue", "-||")])))
            }
            body.append(("query", .object([
                ("searchinfo", .object([("totalhits", .int(items.count))])),
                ("search", .array(page.map { item in
                    .object([("ns", 0), ("title", .string(item.title)), ("pageid", .int(9000 + item.id)),
                             ("size", .int(1200 + item.id)), ("wordcount", .int(100 + item.id)),
                             ("snippet", .string("<span class=\"searchmatch\">\(item.title)</span> \(item.subtitle)")),
                             ("timestamp", .string("2026-02-\(String(format: "%02d", 1 + item.id % 28))T07:00:00Z"))])
                })),
            ])))
            return LookalikeResponse.json(.object(body))
        }
    }
}
