import Foundation
import Hummingbird

/// The Firebase Realtime Database REST API: `GET /items.json` answers an
/// object keyed by push id, in key order, with
/// `orderBy="$key"&limitToFirst=N&startAt="key"` (JSON-quoted values;
/// `startAt` is inclusive, so each next page repeats the previous last).
enum LookalikeFirebase {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/items.json") { request, _ in
            guard DemoLookalikeRoutes.query(request, "orderBy") == "\"$key\"" else {
                return LookalikeResponse.error(.badRequest, "orderBy must be a valid JSON encoded path")
            }
            var startKey: String?
            if let raw = DemoLookalikeRoutes.query(request, "startAt") {
                guard let data = raw.data(using: .utf8),
                      let key = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? String else {
                    return LookalikeResponse.error(.badRequest, "Constraint index field must be a JSON primitive")
                }
                startKey = key
            }
            let limit = DemoLookalikeRoutes.int(request, "limitToFirst", default: 1000, in: 1...1000)
            let items = DemoLookalikeRoutes.items(state).filter { item in startKey.map { pushID(item) >= $0 } ?? true }
            let page = items.prefix(limit)
            return LookalikeResponse.json(.object(page.map { item in
                (pushID(item), .object([("name", .string(item.title)), ("note", .string(item.subtitle)),
                                        ("price", .number(item.price)), ("createdAt", .int(item.createdAt * 1000))]))
            }))
        }
    }

    /// A push-id-like key that sorts in catalog order.
    static func pushID(_ item: DemoItem) -> String {
        "-Nrb" + String(format: "%04d", item.id) + "x"
    }
}
