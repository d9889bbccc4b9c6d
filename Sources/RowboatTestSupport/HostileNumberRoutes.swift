/// Hostile numbers: integers past 64 bits (a 23-digit id, 2^64, below
/// Int64's minimum), 2^64 − 1, decimals with more digits than a double
/// keeps, exponents past a double's range (1e400, 1e-400), in ids, fields,
/// totals, cursors and `search_after` values. The paging routes answer a
/// next page only when the value sent back is the server's exact text
/// (`1.8446744073709552e+19` for 18446744073709551615 gets a 400 naming
/// what came), as a real API would silently serve the wrong page.
public enum HostileNumberRoutes {
    static let index: [(String, String)] = [
        ("/numbers/big", "one page whose ids, fields and totals are numbers past 64 bits, long decimals and 1e400"),
        ("/numbers/cursor", "cursor paging whose next cursors are the numbers 18446744073709551615 and -12345678901234567890123; a changed cursor gets a 400"),
        ("/numbers/search-after", "paging by the last hit's sort values (search_after as JSON in the query): [18446744073709551615,0.1000000000000000055511151231257827,\"h3\"], then [18446744073709551616,1e400,\"h4\"]; a changed value gets a 400"),
        ("/numbers/last-id", "lastId paging over 23-digit ids (?after_id=): a changed id gets a 400"),
        ("/numbers/ndjson", "NDJSON lines with the same numbers"),
    ]

    /// The numbers the items hold, in order (ids are unique).
    public static let ids = ["12345678901234567890123", "18446744073709551616", "18446744073709551615",
                             "-9223372036854775809", "-12345678901234567890123", "9223372036854775807"]
    /// One value a field holds per item, each a number a double or Int64 would change but for the last two.
    public static let amounts = ["1e400", "-1e400", "1e-400", "0.1000000000000000055511151231257827",
                                 "3.14159265358979323846264338327950288", "19.90"]
    /// The total the envelope claims (past 64 bits).
    public static let total = "123456789012345678901234567890"

    /// The cursors `/numbers/cursor` hands out, page 1 to 2 and 2 to 3.
    public static let cursors = ["18446744073709551615", "-12345678901234567890123"]
    /// The sort values of `/numbers/search-after`'s last hit on page 1, as
    /// the compact JSON the next request must send back.
    public static let searchAfter = "[18446744073709551615,0.1000000000000000055511151231257827,\"h3\"]"
    /// Page 2's last sort values (2^64 and 1e400): sent back, they get the empty last page.
    public static let searchAfterEnd = "[18446744073709551616,1e400,\"h4\"]"

    static func items(_ ids: [String], prefix: String) -> [String] {
        ids.enumerated().map { i, id in
            "{\"id\":\(id),\"title\":\"\(prefix) \(id)\",\"n\":\(id),\"price\":\(amounts[i % amounts.count])}"
        }
    }

    /// Answers a `/numbers/…` path; false when the path is not one of these.
    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        switch request.path {
        case "/numbers/big":
            let body = "{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[" + items(ids, prefix: "BIGNUM").joined(separator: ",")
                + "],\"page\":1,\"totalPage\":1,\"total\":\(total)}}"
            c.respond(200, body: Array(body.utf8))
        case "/numbers/cursor":
            let sent = request.query["cursor"]
            let page: Int
            switch sent {
            case nil: page = 1
            case cursors[0]?: page = 2
            case cursors[1]?: page = 3
            case let other?:
                c.respond(400, body: HostileBytes.failure(400, "cursor changed: got \(other)"))
                return true
            }
            let next = page < 3 ? ",\"next\":\(cursors[page - 1])" : ""
            let list = items([ids[(page - 1) * 2], ids[(page - 1) * 2 + 1]], prefix: "Cursor page \(page)")
            c.respond(200, body: Array(("{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[" + list.joined(separator: ",")
                + "]\(next)}}").utf8))
        case "/numbers/search-after":
            let sent = request.query["search_after"]
            let hits: [String]
            switch sent {
            case nil:
                // The last hit sorts by the values in `searchAfter`.
                hits = ["{\"_id\":\"h1\",\"title\":\"Hit 1\",\"sort\":[1,0.5,\"h1\"]}",
                        "{\"_id\":\"h2\",\"title\":\"Hit 2\",\"sort\":[9223372036854775807,0.25,\"h2\"]}",
                        "{\"_id\":\"h3\",\"title\":\"Hit 3\",\"sort\":" + searchAfter + "}"]
            case searchAfter?:
                hits = ["{\"_id\":\"h4\",\"title\":\"Hit 4 after the exact sort values\",\"sort\":" + searchAfterEnd + "}"]
            case searchAfterEnd?:
                hits = []
            case let other?:
                c.respond(400, body: HostileBytes.failure(400, "search_after changed: got \(other)"))
                return true
            }
            c.respond(200, body: Array(("{\"hits\":{\"total\":{\"value\":4},\"hits\":[" + hits.joined(separator: ",") + "]}}").utf8))
        case "/numbers/last-id":
            let pages = [["12345678901234567890121", "12345678901234567890122"], ["12345678901234567890123"]]
            let page: Int
            switch request.query["after_id"] {
            case nil: page = 0
            case pages[0][1]?: page = 1
            case pages[1][0]?:
                c.respond(200, body: HostileBytes.envelope(items: []))
                return true
            case let other?:
                c.respond(400, body: HostileBytes.failure(400, "after_id changed: got \(other)"))
                return true
            }
            c.respond(200, body: HostileBytes.envelope(items: items(pages[page], prefix: "Last id")))
        case "/numbers/ndjson":
            let lines = items(ids, prefix: "NDJSON").joined(separator: "\n") + "\n"
            c.respond(200, contentType: "application/x-ndjson", body: Array(lines.utf8))
        default:
            return false
        }
        return true
    }
}
