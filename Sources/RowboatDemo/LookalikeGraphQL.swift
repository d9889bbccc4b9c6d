import Foundation
import Hummingbird

/// GitHub's GraphQL API, `search(query:, type: REPOSITORY, first:, after:)`:
/// a POST of `{query, variables}` with a bearer token; `first` must be a
/// number (as GitHub checks variable types) and `after` a cursor string or
/// null. The answer nests the page under `data.search` with
/// `pageInfo {endCursor, hasNextPage}` and `repositoryCount`.
enum LookalikeGraphQL {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.post("/graphql") { request, _ in
            guard DemoLookalikeRoutes.bearer(request) != nil else {
                return LookalikeResponse.json(.object([("message", "This endpoint requires you to be authenticated."),
                                                       ("documentation_url", "https://docs.github.com/graphql")]),
                                              status: .unauthorized)
            }
            guard let body = await DemoLookalikeRoutes.jsonBody(request), let query = body["query"] as? String,
                  query.contains("search") else {
                return errors("A query attribute must be specified and must be a string.")
            }
            let variables = body["variables"] as? [String: Any] ?? [:]
            // JSONSerialization gives numbers as NSNumber and strings as String.
            guard let first = variables["first"] as? NSNumber, !(variables["first"] is String) else {
                return errors("Variable $first of type Int! was provided invalid value")
            }
            var start = 0
            switch variables["after"] {
            case nil, is NSNull: start = 0
            case let cursor as String:
                guard let n = decodeCursor(cursor) else { return errors("`\(cursor)` does not appear to be a valid cursor.") }
                start = n
            default: return errors("Variable $after of type String was provided invalid value")
            }
            let items = DemoLookalikeRoutes.items(state)
            let size = min(max(first.intValue, 1), 100)
            let page = items.dropFirst(start).prefix(size)
            let end = start + page.count
            let nodes: [LookalikeJSON] = page.map { item in
                .object([("id", .string("R_kgDO\(item.id)")), ("nameWithOwner", .string("octo/\(slug(item.title))")),
                         ("description", .string(item.subtitle)), ("stargazerCount", .int(5000 - item.id * 37)),
                         ("url", .string("https://github.com/octo/\(slug(item.title))")),
                         ("updatedAt", .string("2026-0\(1 + item.id % 9)-1\(item.id % 10)T10:00:00Z"))])
            }
            return LookalikeResponse.json(.object([("data", .object([("search", .object([
                ("repositoryCount", .int(items.count)),
                ("pageInfo", .object([("endCursor", page.isEmpty ? .null : .string(cursor(end))),
                                      ("hasNextPage", .bool(end < items.count))])),
                ("nodes", .array(nodes)),
            ]))]))]))
        }
    }

    /// GitHub-style opaque cursor: base64 of "cursor:N".
    static func cursor(_ n: Int) -> String {
        Data("cursor:\(n)".utf8).base64EncodedString()
    }

    static func decodeCursor(_ text: String) -> Int? {
        guard let data = Data(base64Encoded: text), let s = String(data: data, encoding: .utf8),
              s.hasPrefix("cursor:") else { return nil }
        return Int(s.dropFirst(7))
    }

    static func slug(_ title: String) -> String {
        String(title.lowercased().unicodeScalars.map { $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) ? Character($0) : "-" })
    }

    /// A GraphQL error answer (HTTP 200, as GitHub sends them).
    static func errors(_ message: String) -> Response {
        LookalikeResponse.json(.object([("errors", .array([.object([("message", .string(message))])]))]))
    }
}
