import Hummingbird

/// Stripe's list endpoints, `GET /v1/customers?limit=20`: `{object:
/// "list", url, has_more, data: […]}`; the next page starts after the last
/// item's id (`starting_after=cus_…`). Needs a secret key as a bearer token
/// (`Authorization: Bearer sk_test_…`); without one a 401 in Stripe's error
/// shape.
enum LookalikeStripe {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/v1/customers") { request, _ in
            guard let key = DemoLookalikeRoutes.bearer(request), key.hasPrefix("sk_") else {
                return LookalikeResponse.json(.object([("error", .object([
                    ("message", "You did not provide an API key."), ("type", "invalid_request_error"),
                ]))]), status: .unauthorized)
            }
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 10, in: 1...100)
            let start = DemoLookalikeRoutes.query(request, "starting_after").flatMap { after in
                items.firstIndex { customerID($0) == after }.map { items.distance(from: items.startIndex, to: $0) + 1 }
            } ?? 0
            let page = items.dropFirst(start).prefix(limit)
            return LookalikeResponse.json(.object([
                ("object", "list"), ("url", "/v1/customers"),
                ("has_more", .bool(start + page.count < items.count)),
                ("data", .array(page.map { item in
                    .object([("id", .string(customerID(item))), ("object", "customer"),
                             ("name", .string(item.title)), ("description", .string(item.subtitle)),
                             ("email", .string("customer\(item.id)@example.com")), ("created", .int(item.createdAt)),
                             ("balance", .int(item.id * 100))])
                })),
            ]))
        }
    }

    static func customerID(_ item: DemoItem) -> String {
        "cus_Q" + String(format: "%05d", item.id)
    }
}
