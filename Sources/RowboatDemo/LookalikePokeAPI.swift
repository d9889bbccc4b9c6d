import Hummingbird

/// PokéAPI, a Django REST Framework list, `GET /api/v2/pokemon?offset=&limit=`:
/// `{count, next, previous, results: [{name, url}]}` with the full URL of
/// the next page in `next` (null on the last). Pages hold at most 20.
enum LookalikePokeAPI {
    static let path = "/api/v2/pokemon"

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get(RouterPath(stringLiteral: path)) { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let offset = DemoLookalikeRoutes.int(request, "offset", default: 0, in: 0...items.count)
            let limit = DemoLookalikeRoutes.int(request, "limit", default: 20, in: 1...20)
            let base = DemoLookalikeRoutes.base(state) + path
            let next: LookalikeJSON = offset + limit < items.count ? .string("\(base)?offset=\(offset + limit)&limit=\(limit)") : .null
            let previous: LookalikeJSON = offset > 0 ? .string("\(base)?offset=\(max(0, offset - limit))&limit=\(limit)") : .null
            return LookalikeResponse.json(.object([
                ("count", .int(items.count)), ("next", next), ("previous", previous),
                ("results", .array(items.dropFirst(offset).prefix(limit).map { item in
                    .object([("name", .string(name(item))), ("url", .string("\(base)/\(item.id)/"))])
                })),
            ]))
        }
    }

    /// A unique name (the results have no id): the title's slug, with the
    /// item's number when the title does not end in it.
    static func name(_ item: DemoItem) -> String {
        let words = item.title.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-") + (item.title.hasSuffix(" \(item.id)") ? "" : "-\(item.id)")
    }
}
