import Hummingbird

/// A storefront home feed: each page holds sections (`data.sections[*]`),
/// each with its own `items`, some empty; `meta.totalPages` says how many
/// pages there are. Items come out in catalog order across sections.
enum LookalikeSections {
    /// Items per page, and how a page splits into sections.
    static let pageSize = 20
    static let sectionSizes = [7, 0, 13]
    static let sectionTitles = ["Featured", "Editors' picks", "New in"]

    static func register(on router: Router<BasicRequestContext>, state: DemoServerState) {
        router.get("/v1/home") { request, _ in
            let items = DemoLookalikeRoutes.items(state)
            let totalPages = (items.count + pageSize - 1) / pageSize
            let page = DemoLookalikeRoutes.int(request, "page", default: 1, in: 1...(totalPages + 1))
            var rest = Array(items.dropFirst((page - 1) * pageSize).prefix(pageSize))[...]
            var sections: [LookalikeJSON] = []
            for (size, title) in zip(sectionSizes, sectionTitles) {
                let taken = rest.prefix(size)
                rest = rest.dropFirst(size)
                sections.append(.object([
                    ("title", .string(title)),
                    ("items", .array(taken.map { item in
                        .object([("id", .string("p\(item.id)")), ("name", .string(item.title)),
                                 ("tagline", .string(item.subtitle)),
                                 ("price", .object([("amount", .number(item.price)), ("currency", "EUR")]))])
                    })),
                ]))
            }
            return LookalikeResponse.json(.object([
                ("data", .object([("sections", .array(sections))])),
                ("meta", .object([("page", .int(page)), ("totalPages", .int(totalPages))])),
            ]))
        }
    }
}
