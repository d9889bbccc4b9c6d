import Hummingbird

/// An events API that puts the next page's full URL in a `Next-Page`
/// response header (not `Link`): `GET /api/v1/events?per_page=20` answers
/// a bare array of events and, while more follow, `Next-Page:
/// <http://…/api/v1/events?after=ev_0020&per_page=20>`; the last page has
/// no such header. The `after` cursor is the only way on: no page or
/// offset param is read.
enum LookalikeNextPageHeader {
    static let path = "/api/v1/events"

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "per_page", default: 20, in: 1...20)
            let start = DemoLookalikeRoutes.query(request, "after").flatMap { after in
                items.firstIndex { eventID($0) == after }.map { items.distance(from: items.startIndex, to: $0) + 1 }
            } ?? 0
            let page = items.dropFirst(start).prefix(size)
            var headers: [(String, String)] = []
            if start + page.count < items.count, let last = page.last {
                let next = DemoLookalikeRoutes.base(state) + path + "?after=\(eventID(last))&per_page=\(size)"
                headers.append(("Next-Page", "<\(next)>"))
            }
            return LookalikeResponse.json(.array(page.map { item in
                .object([("id", .string(eventID(item))), ("type", "catalog.item_listed"),
                         ("summary", .string(item.title)), ("detail", .string(item.subtitle)),
                         ("occurred_at", .string("2026-04-\(String(format: "%02d", 1 + item.id % 28))T10:00:00Z"))])
            }), headers: headers)
        }
    }

    static func eventID(_ item: DemoItem) -> String {
        "ev_" + String(format: "%04d", item.id)
    }
}
