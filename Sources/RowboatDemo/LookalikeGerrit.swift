import Hummingbird

/// Gerrit's REST API (`GET /changes/?q=…&n=…&S=…`, `start` the same as
/// `S`, as in Gerrit): every JSON answer
/// starts with the anti-XSSI line `)]}'`; the list is the root array and
/// its last change carries `"_more_changes": true` while more follow.
enum LookalikeGerrit {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/changes") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "n", default: 25, in: 1...100)
            let skip = DemoLookalikeRoutes.query(request, "S") == nil ? "start" : "S"
            let start = DemoLookalikeRoutes.int(request, skip, default: 0, in: 0...items.count)
            let page = Array(items.dropFirst(start).prefix(size))
            let more = start + page.count < items.count
            let changes: [LookalikeJSON] = page.enumerated().map { i, item in
                var change: [(String, LookalikeJSON)] = [
                    ("id", .string("rowboat~main~I\(String(item.id * 7919, radix: 16))")),
                    ("project", "rowboat"), ("branch", "main"), ("subject", .string(item.title)),
                    ("status", "NEW"), ("owner", .object([("_account_id", .int(1_000_000 + item.id % 5))])),
                    ("updated", .string("2026-01-\(String(format: "%02d", 1 + item.id % 28)) 10:00:00.000000000")),
                    ("insertions", .int(item.id * 3)), ("deletions", .int(item.id)), ("_number", .int(item.id)),
                ]
                if more && i == page.count - 1 { change.append(("_more_changes", true)) }
                return .object(change)
            }
            return LookalikeResponse.json(.array(changes), prefix: ")]}'\n")
        }
    }
}
