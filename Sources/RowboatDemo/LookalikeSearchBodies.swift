import Foundation
import Hummingbird

/// Lists read with a POST whose JSON body carries the position:
/// Elasticsearch's `POST /logs/_search` with `{"from": 0, "size": 20,
/// "query": …}` (`hits.total.value` counts them all), and Prefect's `POST
/// /api/flows/filter` with `{"limit": 20, "offset": 0}`, whose answer is a
/// bare array (an empty one past the end).
enum LookalikeSearchBodies {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.post("/logs/_search") { request, _ in
            let body = await DemoLookalikeRoutes.jsonBody(request) ?? [:]
            let items = DemoLookalikeRoutes.items(state)
            let size = min(max((body["size"] as? NSNumber)?.intValue ?? 10, 0), 100)
            let from = max((body["from"] as? NSNumber)?.intValue ?? 0, 0)
            let page = items.dropFirst(from).prefix(size)
            return LookalikeResponse.json(.object([
                ("took", 2), ("timed_out", false),
                ("hits", .object([
                    ("total", .object([("value", .int(items.count)), ("relation", "eq")])), ("max_score", 1),
                    ("hits", .array(page.map { item in
                        .object([("_index", "logs"), ("_id", .string("log-\(item.id)")), ("_score", 1),
                                 ("_source", .object([("message", .string(item.title)), ("service", .string(item.subtitle)),
                                                      ("@timestamp", .int(item.createdAt * 1000))]))])
                    })),
                ])),
            ]))
        }
        router.post("/api/flows/filter") { request, _ in
            let body = await DemoLookalikeRoutes.jsonBody(request) ?? [:]
            let items = DemoLookalikeRoutes.items(state)
            let limit = min(max((body["limit"] as? NSNumber)?.intValue ?? 200, 1), 200)
            let offset = max((body["offset"] as? NSNumber)?.intValue ?? 0, 0)
            let page = items.dropFirst(offset).prefix(limit)
            return LookalikeResponse.json(.array(page.map { item in
                .object([("id", .string(String(format: "0b7a%04x-1c2d-4e5f-8a9b-%012x", item.id, item.id))),
                         ("created", .string("2026-04-\(String(format: "%02d", 1 + item.id % 28))T10:00:00Z")),
                         ("name", .string(LookalikeOffsetToken.slug(item.title))), ("tags", .array([.string(LookalikeOffsetToken.slug(item.subtitle))]))])
            }))
        }
    }
}
