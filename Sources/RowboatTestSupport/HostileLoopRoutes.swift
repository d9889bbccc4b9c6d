/// Hostile paging: cursors and next-page URLs that cycle (A → B → A), an
/// endless cursor whose pages repeat the same items, and an endless cursor
/// of fresh one-item pages. A client that trusts them walks forever.
enum HostileLoopRoutes {
    static let index: [(String, String)] = [
        ("/loop/cursor", "?cycle=2 cursors c0 → c1 → … → c0 forever (?size=3 items a page; the items repeat with the cursor)"),
        ("/loop/nexturl", "next-page URLs p=1 → p=2 → … → p=?cycle → p=1 forever"),
        ("/loop/link", "the same cycle in a Link: rel=\"next\" header"),
        ("/loop/repeat", "an endless cursor (r1, r2, …) whose every page holds the same ?size=3 items"),
        ("/loop/endless", "an endless cursor of fresh items, ?size=1 a page"),
    ]

    /// Answers a `/loop/…` path; false when the path is not one of these.
    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        let size = min(max(request.int("size", default: request.path == "/loop/endless" ? 1 : 3), 1), 100)
        let cycle = min(max(request.int("cycle", default: 2), 1), 1_000)
        let base = "http://" + (request.header("Host") ?? HostileServer.host)
        switch request.path {
        case "/loop/cursor":
            let index = (request.query["cursor"].flatMap { Int($0.dropFirst()) } ?? 0) % cycle
            c.respond(200, body: page("Loop cursor c\(index)", first: index * size + 1, size: size,
                                      next: "c\((index + 1) % cycle)"))
        case "/loop/nexturl", "/loop/link":
            let p = min(max(request.int("p", default: 1), 1), cycle)
            let next = "\(base)\(request.path)?cycle=\(cycle)&p=\(p % cycle + 1)&size=\(size)"
            let title = request.path == "/loop/link" ? "Loop link p\(p)" : "Loop next URL p\(p)"
            if request.path == "/loop/link" {
                c.respond(200, headers: [("Link", "<\(next)>; rel=\"next\"")],
                          body: page(title, first: (p - 1) * size + 1, size: size, next: nil))
            } else {
                c.respond(200, body: page(title, first: (p - 1) * size + 1, size: size, next: next))
            }
        case "/loop/repeat":
            let n = request.query["cursor"].flatMap { Int($0.dropFirst()) } ?? 0
            c.respond(200, body: page("Repeated r\(n)", first: 1, size: size, next: "r\(n + 1)"))
        case "/loop/endless":
            let n = request.query["cursor"].flatMap { Int($0.dropFirst()) } ?? 0
            c.respond(200, body: page("Endless e\(n)", first: n * size + 1, size: size, next: "e\(n + 1)"))
        default:
            return false
        }
        return true
    }

    /// A page of `size` items with ids from `first`, and the next cursor or
    /// URL at `datas.next` (absent when nil).
    static func page(_ prefix: String, first: Int, size: Int, next: String?) -> [UInt8] {
        let items = (0..<size).map { i in
            HostileBytes.item(id: first + i, .init(title: "\(prefix) item \(first + i)", subtitle: prefix,
                                                   description: "item \(first + i)"))
        }
        let nextField = next.map { ",\"next\":" + HostileBytes.jsonString($0) } ?? ""
        return Array(("{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[" + items.joined(separator: ",") + "]"
            + nextField + "}}").utf8)
    }
}
