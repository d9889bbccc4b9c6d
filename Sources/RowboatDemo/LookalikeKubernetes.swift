import Foundation
import Hummingbird

/// The Kubernetes API's list of pods, `GET
/// /api/v1/namespaces/default/pods?limit=20`: `{kind: PodList, metadata:
/// {resourceVersion, continue, remainingItemCount}, items: […]}`. The
/// next page is asked for with `continue=` the token from
/// `metadata.continue` (sent back under its own name); the last page has
/// no `continue`. Without `limit`, every pod comes in one answer. Each pod
/// has a unique `metadata.creationTimestamp` (a time, not an id) and
/// `metadata.uid`.
enum LookalikeKubernetes {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/api/v1/namespaces/default/pods") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: items.count, in: 1...500)
            var start = 0
            if let token = DemoLookalikeRoutes.query(request, "continue"), !token.isEmpty {
                guard let offset = LookalikeOffsetToken.decode(token, count: items.count) else {
                    return LookalikeResponse.json(.object([
                        ("kind", "Status"), ("apiVersion", "v1"), ("status", "Failure"),
                        ("message", "The provided continue parameter is too old to display a consistent list result."),
                        ("reason", "Expired"), ("code", 410),
                    ]), status: .gone)
                }
                start = offset
            }
            let page = items.dropFirst(start).prefix(limit)
            let next = start + page.count
            var metadata: [(String, LookalikeJSON)] = [("resourceVersion", "48213")]
            if next < items.count {
                metadata.append(("continue", .string(LookalikeOffsetToken.encode(next))))
                metadata.append(("remainingItemCount", .int(items.count - next)))
            }
            return LookalikeResponse.json(.object([
                ("kind", "PodList"), ("apiVersion", "v1"), ("metadata", .object(metadata)),
                ("items", .array(page.map(pod))),
            ]))
        }
    }

    static func pod(_ item: DemoItem) -> LookalikeJSON {
        let name = "\(LookalikeOffsetToken.slug(item.title))-\(item.id)"
        return .object([
            ("metadata", .object([
                ("name", .string(name)), ("namespace", "default"),
                ("uid", .string(String(format: "6f1c%04x-8a2b-4c1d-9e0f-%012x", item.id, item.id * 7919))),
                ("resourceVersion", .string(String(40_000 + item.id))),
                ("creationTimestamp", .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(item.createdAt))))),
                ("labels", .object([("app", .string(LookalikeOffsetToken.slug(item.subtitle)))])),
            ])),
            ("spec", .object([("nodeName", "node-1"),
                              ("containers", .array([.object([("name", "main"), ("image", .string("registry.local/\(name):1.0"))])]))])),
            ("status", .object([("phase", "Running"), ("podIP", .string("10.0.0.\(item.id)"))])),
        ])
    }
}
