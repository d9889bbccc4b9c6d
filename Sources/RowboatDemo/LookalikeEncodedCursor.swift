import Foundation
import Hummingbird

/// An audit-log API whose cursor comes already percent-encoded, `GET
/// /api/audit/entries?limit=20`: `{entries: […], paging: {next_cursor:
/// "YWZ0ZXI6MjA%3D"}}` (base64 of `after:20`, its `=` as `%3D`), null at
/// the end. Sent back once-encoded (`cursor=YWZ0ZXI6MjA%3D`) it reads as
/// the base64 text; sent encoded twice (`%253D`) it is a 400 `invalid
/// cursor`, as such servers answer.
enum LookalikeEncodedCursor {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/audit/entries") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 20, in: 1...20)
            var start = 0
            if let cursor = DemoLookalikeRoutes.query(request, "cursor") {
                guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
                      text.hasPrefix("after:"), let n = Int(text.dropFirst(6)), (0...items.count).contains(n) else {
                    return LookalikeResponse.error(.badRequest, "invalid cursor")
                }
                start = n
            }
            let page = items.dropFirst(start).prefix(limit)
            let next = start + page.count
            let cursor: LookalikeJSON = next < items.count
                ? .string(Data("after:\(next)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "%3D")) : .null
            return LookalikeResponse.json(.object([
                ("entries", .array(page.map { item in
                    .object([("entry_id", .string("ae-\(item.id)")), ("action", .string("item.update")),
                             ("target", .string(item.title)), ("actor", .string(item.subtitle)),
                             ("at", .int(item.createdAt))])
                })),
                ("paging", .object([("next_cursor", cursor)])),
            ]))
        }
    }
}
