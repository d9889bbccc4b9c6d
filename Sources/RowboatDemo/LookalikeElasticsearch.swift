import Foundation
import Hummingbird

/// Elasticsearch `POST /{index}/_search` with `search_after`: the body
/// holds `size`, `sort` and, after the first page, `search_after`: the
/// previous page's last hit's `sort` array, as an array. Hits come sorted
/// by `created_at` descending then `id`; each hit carries its `sort` values.
enum LookalikeElasticsearch {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.post("/products/_search") { request, _ in
            guard let body = await DemoLookalikeRoutes.jsonBody(request) else {
                return error("parsing_exception", "request body is required")
            }
            let size = (body["size"] as? NSNumber)?.intValue ?? 10
            guard !(body["size"] is String) else { return error("x_content_parse_exception", "[size] must be a number") }
            let items = DemoLookalikeRoutes.items(state)
            var start = 0
            if let after = body["search_after"] {
                guard let values = after as? [Any], values.count == 2, let created = values[0] as? NSNumber,
                      !(values[0] is String), let id = values[1] as? String else {
                    return error("illegal_argument_exception",
                                 "search_after must be an array of [created_at, id] matching the sort")
                }
                start = items.firstIndex { sortKey($0) == (created.intValue, id) }.map { $0 - items.startIndex + 1 }
                    ?? items.count
            }
            let page = items.dropFirst(start).prefix(min(max(size, 0), 100))
            let hits: [LookalikeJSON] = page.map { item in
                let key = sortKey(item)
                return .object([
                    ("_index", "products"), ("_id", .string(key.1)), ("_score", .null),
                    ("_source", .object([("id", .string(key.1)), ("name", .string(item.title)),
                                         ("brand", .string(item.subtitle)), ("price", .number(item.price)),
                                         ("created_at", .int(key.0))])),
                    ("sort", .array([.int(key.0), .string(key.1)])),
                ])
            }
            return LookalikeResponse.json(.object([
                ("took", 3), ("timed_out", false),
                ("hits", .object([("total", .object([("value", .int(items.count)), ("relation", "eq")])),
                                  ("max_score", .null), ("hits", .array(hits))])),
            ]))
        }
    }

    /// An item's sort values: creation time in milliseconds, then its id.
    static func sortKey(_ item: DemoItem) -> (Int, String) {
        (item.createdAt * 1000, "p\(item.id)")
    }

    static func error(_ type: String, _ reason: String) -> Response {
        LookalikeResponse.json(.object([("error", .object([("type", .string(type)), ("reason", .string(reason))])),
                                        ("status", 400)]), status: .badRequest)
    }
}
