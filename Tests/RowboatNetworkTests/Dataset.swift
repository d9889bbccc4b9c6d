import Foundation

/// A catalog of 47 items (ids 1…47) served in every paging style and two
/// envelopes, with every end-of-data signal a config can read.
///
/// Paths: /page (page, first), /offset (offset), /cursor (cursor),
/// /nexturl (start, next URL in the body), /link (start, next URL in the
/// Link header), /lastid (after). All take `size` (default 10) and
/// `shape=root|env`; `endless=1` keeps giving next cursors / URLs / links
/// past the end (so another rule has to end the walk); `rel=1` makes next
/// URLs relative.
enum Dataset {
    static let count = 47

    static func item(_ id: Int) -> [String: Any] { ["id": id, "name": "Item \(id)"] }

    static func reply(_ r: SeenRequest, base: String) -> Reply {
        let size = max(1, r.int("size") ?? 10)
        let endless = r.param("endless") == "1"
        var start: Int
        switch r.path {
        case "/page": start = ((r.int("page") ?? 1) - (r.int("first") ?? 1)) * size
        case "/offset": start = r.int("offset") ?? 0
        case "/cursor": start = r.param("cursor").flatMap { Int($0.dropFirst(2)) } ?? 0
        case "/nexturl", "/link": start = r.int("start") ?? 0
        case "/lastid": start = r.int("after") ?? 0
        default: return .json(["error": "no such path"], status: 404)
        }
        start = max(0, start)
        let ids = Array(stride(from: start + 1, through: min(count, start + size), by: 1))
        let more = start + size < count
        let totalPages = (count + size - 1) / size
        var headers = [("X-Total-Count", String(count)), ("X-Total-Pages", String(totalPages))]
        var next: Any = NSNull()
        var nextURL: Any = NSNull()
        if more || endless {
            next = "c-\(start + size)"
            let url = urlWith(r, start: start + size, base: r.param("rel") == "1" ? "" : base)
            nextURL = url
            if r.path == "/link" {
                let first = urlWith(r, start: 0, base: base)
                headers.append(("Link", "<\(first)>; rel=\"first\", <\(url)>; rel=\"next\", <\(first)>; rel=\"prev last\""))
            }
        }
        let items = ids.map(item)
        if r.param("shape") == "root" { return .json(items, headers: headers) }
        let data: [String: Any] = ["items": items, "total": count, "totalPages": totalPages, "hasMore": more,
                                   "more": more ? "yes" : "no", "next": next, "nextURL": nextURL]
        return .json(["data": data], headers: headers)
    }

    /// The request's own URL with `start` replaced (keys keep their order).
    static func urlWith(_ r: SeenRequest, start: Int, base: String) -> String {
        var items = r.queryItems.filter { $0.0 != "start" }
        items.append(("start", String(start)))
        var c = URLComponents()
        c.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return base + r.path + "?" + (c.percentEncodedQuery ?? "")
    }
}
