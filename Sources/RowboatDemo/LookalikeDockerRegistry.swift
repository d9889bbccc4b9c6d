import Hummingbird

/// A Docker registry's catalog (the distribution API), `GET
/// /v2/_catalog?n=20`: `{"repositories": ["library/…", …]}`, a list of
/// names, not objects; the next page is in a relative `Link` header,
/// `</v2/_catalog?last=NAME&n=20>; rel="next"`, until the last page,
/// which has none. Without `n`, at most 100 names.
enum LookalikeDockerRegistry {
    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/v2/_catalog") { request, _ in
            let names = DemoLookalikeRoutes.items(state).map { "library/\(LookalikeOffsetToken.slug($0.title))-\($0.id)" }.sorted()
            let n = DemoLookalikeRoutes.int(request, "n", default: 100, in: 1...1000)
            let last = DemoLookalikeRoutes.query(request, "last")
            let rest = last.map { last in names.filter { $0 > last } } ?? names
            let page = Array(rest.prefix(n))
            var headers: [(String, String)] = [("Docker-Distribution-Api-Version", "registry/2.0")]
            if rest.count > n, let end = page.last {
                headers.append(("Link", "</v2/_catalog?last=\(end)&n=\(n)>; rel=\"next\""))
            }
            return LookalikeResponse.json(.object([("repositories", .array(page.map { .string($0) }))]), headers: headers)
        }
    }
}
