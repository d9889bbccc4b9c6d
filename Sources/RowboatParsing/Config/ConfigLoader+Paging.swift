import RowboatSpec
/// Reads an endpoint's `paging:` section: the style and its keys (a key of
/// another style is refused naming the styles it belongs to), page size,
/// totals and the has-more flag.
extension ConfigLoader {
    static let pagingKeys = ["style", "param", "firstPage", "offsetParam", "cursorParam", "nextCursor", "nextURL",
                             "sizeParam", "limitParam", "size", "totalPages", "totalPagesHeader", "totalCount",
                             "totalCountHeader", "hasMore", "maxPages", "lastItemCursor", "cursorFormat",
                             "endOnEmptyPage", "nextURLHeader", "isLast", "pagingHeader", "continuation"]
    static let pagingStyles = ["page", "offset", "cursor", "nextURL", "link", "lastId", "continuation", "none"]
    /// Keys that only mean something for one paging style.
    static let styleOnlyKeys: [String: [String]] = [
        "param": ["page"], "firstPage": ["page"], "totalPages": ["page"], "totalPagesHeader": ["page"],
        "offsetParam": ["offset"], "cursorParam": ["cursor", "lastId"], "nextCursor": ["cursor"],
        "nextURL": ["nextURL"], "nextURLHeader": ["nextURL"], "lastItemCursor": ["cursor"],
        "cursorFormat": ["cursor", "lastId"], "endOnEmptyPage": ["cursor", "nextURL", "link", "continuation"],
        "continuation": ["continuation"],
    ]

    static func parsePaging(_ node: ConfigNode, placement: ParamPlacement = ParamPlacement()) throws(ConfigError) -> Paging {
        let keys = try node.mapping(allowed: pagingKeys)
        var paging = Paging()
        let style = try keys["style"]?.string() ?? "page"
        guard pagingStyles.contains(style) else {
            let hint = Suggestion.closest(to: style, in: pagingStyles).map { "; did you mean \"\($0)\"?" } ?? ""
            throw keys["style"]!.error("unknown paging style \"\(style)\"\(hint)")
        }
        for (key, styles) in styleOnlyKeys.sorted(by: { $0.key < $1.key }) where !styles.contains(style) {
            if let n = keys[key] {
                throw n.error("\(key) does not apply to paging style \(style) (only to \(styles.joined(separator: ", ")))")
            }
        }
        func required(_ key: String) throws(ConfigError) -> ConfigNode {
            guard let n = keys[key] else { throw node.error("paging style \(style) needs \"\(key)\"") }
            return n
        }
        /// A param name from `key`, checked where a body path may go.
        func param(_ key: String, default fallback: String) throws(ConfigError) -> String {
            guard let n = keys[key] else { return fallback }
            let name = try n.string()
            try placement.check(name, at: n)
            return name
        }
        switch style {
        case "page":
            let first = try keys["firstPage"]?.int() ?? 1
            guard first == 0 || first == 1 else { throw keys["firstPage"]!.error("firstPage must be 0 or 1") }
            paging.style = .pageNumber(param: try param("param", default: "page"), first: first)
        case "offset":
            paging.style = .offset(param: try param("offsetParam", default: "offset"))
        case "cursor":
            if let n = keys["nextCursor"], let l = keys["lastItemCursor"] {
                _ = n
                throw l.error("give nextCursor (read from the body) or lastItemCursor (read in the last item), not both")
            }
            let nextNode: ConfigNode
            if let l = keys["lastItemCursor"] { nextNode = l } else { nextNode = try required("nextCursor") }
            let next = try nextNode.jsonPath()
            paging.cursorInLastItem = keys["lastItemCursor"] != nil
            paging.style = .cursor(param: try param("cursorParam", default: "cursor"), next: next)
        case "nextURL":
            if let h = keys["nextURLHeader"] {
                if keys["nextURL"] != nil {
                    throw h.error("give nextURL (read from the body) or nextURLHeader (a response header), not both")
                }
                paging.style = .nextURLHeader(name: try headerName(h))
            } else {
                paging.style = .nextURL(path: try required("nextURL").jsonPath())
            }
        case "continuation":
            paging.style = .continuation(path: try keys["continuation"]?.jsonPath() ?? JSONPath("continue")!)
        case "link":
            paging.style = .link
        case "lastId":
            paging.style = .lastID(param: try param("cursorParam", default: "cursor"))
        default:
            paging.style = .none
        }
        if let s = keys["sizeParam"], let l = keys["limitParam"] {
            _ = s
            throw l.error("limitParam and sizeParam name the same thing; give one")
        }
        if let n = keys["sizeParam"] ?? keys["limitParam"] {
            paging.sizeParam = try n.string()
            try placement.check(paging.sizeParam!, at: n)
        }
        if let f = keys["cursorFormat"] { paging.cursorFormat = try f.oneOf(CursorFormat.self) }
        if let e = keys["endOnEmptyPage"] { paging.endOnEmptyPage = try e.bool() }
        if let s = keys["size"] {
            paging.size = try s.int()
            guard paging.size! > 0 else { throw s.error("size must be more than 0") }
            if paging.sizeParam == nil, style == "offset" { paging.sizeParam = "limit" }
        }
        if let m = keys["maxPages"] {
            paging.maxPages = try m.int()
            guard paging.maxPages > 0 else { throw m.error("maxPages must be more than 0") }
        }
        paging.totalPagesPath = try keys["totalPages"]?.jsonPath()
        paging.totalCountPath = try keys["totalCount"]?.jsonPath()
        paging.totalPagesHeader = try keys["totalPagesHeader"]?.string()
        paging.totalCountHeader = try keys["totalCountHeader"]?.string()
        paging.hasMorePath = try keys["hasMore"]?.jsonPath()
        paging.isLastPath = try keys["isLast"]?.jsonPath()
        paging.pagingHeader = try keys["pagingHeader"].map(headerName)
        return paging
    }
}
