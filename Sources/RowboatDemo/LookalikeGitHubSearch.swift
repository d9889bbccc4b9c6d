import Foundation
import Hummingbird

/// GitHub's `GET /search/repositories?q=&sort=&order=&per_page=&page=`:
/// `{total_count, incomplete_results, items}` (each with its `owner` and
/// `clone_url`, which Config/github-search.yaml's actions read), paged by the `Link` header
/// (`rel="next"` until the last page, `rel="last"`). Pages hold at most 20
/// repositories, so a walk takes a few pages.
enum LookalikeGitHubSearch {
    static let path = "/search/repositories"

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            guard DemoLookalikeRoutes.query(request, "q")?.isEmpty == false else {
                return LookalikeResponse.json(.object([("message", "Validation Failed"),
                                                       ("errors", .array([.object([("field", "q"), ("code", "missing")])]))]),
                                              status: .unprocessableContent)
            }
            let items = DemoLookalikeRoutes.items(state)
            let size = DemoLookalikeRoutes.int(request, "per_page", default: 30, in: 1...20)
            let last = (items.count + size - 1) / size
            let page = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...Int.max / 1000)
            let repos = items.dropFirst((page - 1) * size).prefix(size)
            // The next links keep the query as sent, with another page.
            var query = URLComponents(string: "?" + (request.uri.query ?? ""))?.queryItems ?? []
            query.removeAll { $0.name == "page" }
            func link(_ n: Int) -> String {
                var c = URLComponents(string: DemoLookalikeRoutes.base(state) + path)!
                c.queryItems = query + [URLQueryItem(name: "page", value: String(n))]
                return "<\(c.string!)>"
            }
            var links: [String] = []
            if page < last { links.append("\(link(page + 1)); rel=\"next\"") }
            links.append("\(link(last)); rel=\"last\"")
            return LookalikeResponse.json(.object([
                ("total_count", .int(items.count)), ("incomplete_results", false),
                ("items", .array(repos.map { item in
                    let slug = LookalikeGraphQL.slug(item.title)
                    return .object([("id", .int(item.id)), ("full_name", .string("octo/\(slug)")),
                             ("owner", .object([("login", .string("octo")), ("html_url", .string("https://github.com/octo"))])),
                             ("description", .string(item.subtitle)),
                             ("html_url", .string("https://github.com/octo/\(slug)")),
                             ("clone_url", .string("https://github.com/octo/\(slug).git")),
                             ("stargazers_count", .int(5000 - item.id * 37)),
                             ("updated_at", .string("2026-0\(1 + item.id % 9)-1\(item.id % 10)T10:00:00Z"))])
                })),
            ]), headers: [("Link", links.joined(separator: ", "))])
        }
    }
}
