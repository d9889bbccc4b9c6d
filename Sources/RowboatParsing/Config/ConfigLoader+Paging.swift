import RowboatSpec
/// Reads an endpoint's `paging:` section: the style and its keys (a key of
/// another style is refused naming the styles it belongs to), page size,
/// totals and the has-more flag.
extension ConfigLoader {
    static let pagingKeys = ["style", "param", "firstPage", "offsetParam", "cursorParam", "nextCursor", "nextURL",
                             "sizeParam", "limitParam", "size", "totalPages", "totalPagesHeader", "totalCount",
                             "totalCountHeader", "hasMore", "maxPages", "lastItemCursor", "cursorFormat",
                             "endOnEmptyPage", "nextURLHeader", "isLast", "pagingHeader", "continuation",
                             "endOnShortPage", "endOnStatus", "endOnMissingList", "offsetBy", "nextCursorHeader"]
    static let pagingStyles = ["page", "offset", "cursor", "nextURL", "link", "lastId", "continuation", "none"]
    /// Keys that only mean something for one paging style.
    static let styleOnlyKeys: [String: [String]] = [
        "param": ["page"], "firstPage": ["page"], "totalPages": ["page"], "totalPagesHeader": ["page"],
        "offsetParam": ["offset"], "cursorParam": ["cursor", "lastId"], "nextCursor": ["cursor"],
        "nextURL": ["nextURL"], "nextURLHeader": ["nextURL"], "lastItemCursor": ["cursor"],
        "cursorFormat": ["cursor", "lastId"], "endOnEmptyPage": ["cursor", "nextURL", "link", "continuation"],
        "continuation": ["continuation"], "offsetBy": ["offset"], "nextCursorHeader": ["cursor"],
    ]
    /// Statuses `endOnStatus` may name: a client error a server answers past the end with.
    static let pastEndStatuses = 400...499

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
            let given = ["nextCursor", "lastItemCursor", "nextCursorHeader"].filter { keys[$0] != nil }
            if given.count > 1 {
                throw keys[given[1]]!.error("give one of nextCursor (read from the body), lastItemCursor (read in the last "
                                            + "item) or nextCursorHeader (a response header), not \(given.joined(separator: " and "))")
            }
            var next = JSONPath(steps: [])
            if let h = keys["nextCursorHeader"] {
                paging.nextCursorHeader = try headerName(h)
            } else if let l = keys["lastItemCursor"] {
                next = try l.jsonPath()
            } else {
                next = try required("nextCursor").jsonPath()
            }
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
        if let e = keys["endOnShortPage"] { paging.endOnShortPage = try e.bool() }
        if let e = keys["endOnMissingList"] { paging.endOnMissingList = try e.bool() }
        if let e = keys["endOnStatus"] {
            let nodes = (try? e.sequence()) ?? [e]
            for n in nodes {
                let status = try n.int()
                guard pastEndStatuses.contains(status) else {
                    throw n.error("endOnStatus takes client-error statuses (400 to 499), not \(status)")
                }
                paging.endOnStatus.append(status)
            }
        }
        if let o = keys["offsetBy"] { paging.offsetStep = try o.oneOf(Paging.OffsetStep.self) }
        if let s = keys["size"] {
            paging.size = try s.int()
            guard paging.size! > 0 else { throw s.error("size must be more than 0") }
            if paging.sizeParam == nil, style == "offset" { paging.sizeParam = "limit" }
        }
        if let o = keys["offsetBy"], paging.offsetStep == .size, paging.size == nil {
            throw o.error("offsetBy size needs the page size: give size")
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
