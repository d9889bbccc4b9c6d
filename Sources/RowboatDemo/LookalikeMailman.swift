import Hummingbird

/// GNU Mailman 3's REST API, `GET /3.1/lists?count=20&page=1`:
/// `{"start": 0, "total_size": 47, "entries": […], "http_etag": "…"}`;
/// without `count` every list comes in one answer. A page past the last
/// answers 200 with the envelope and no `entries` at all.
enum LookalikeMailman {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/3.1/lists") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let count = DemoLookalikeRoutes.int(request, "count", default: items.count, in: 1...1000)
            let number = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...100_000)
            let start = (number - 1) * count
            let page = items.dropFirst(start).prefix(count)
            var body: [(String, LookalikeJSON)] = [("start", .int(start)), ("total_size", .int(items.count))]
            if !page.isEmpty {
                body.append(("entries", .array(page.map { item in
                    let name = "\(LookalikeOffsetToken.slug(item.title))-\(item.id)"
                    return .object([
                        ("advertised", true), ("display_name", .string(item.title)),
                        ("fqdn_listname", .string("\(name)@lists.example.org")), ("list_id", .string("\(name).lists.example.org")),
                        ("list_name", .string(name)), ("mail_host", "lists.example.org"), ("member_count", .int(item.id * 11 % 90)),
                        ("volume", 1), ("description", .string(item.subtitle)),
                        ("self_link", .string("\(DemoLookalikeRoutes.base(state))/3.1/lists/\(name).lists.example.org")),
                        ("http_etag", .string("\"\(item.id * 31)\"")),
                    ])
                })))
            }
            body.append(("http_etag", "\"4f1d2c\""))
            return LookalikeResponse.json(.object(body))
        }
    }
}
