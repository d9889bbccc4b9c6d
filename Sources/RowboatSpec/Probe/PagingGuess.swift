import Foundation

/// How a probed endpoint pages, guessed from what one response shows: a
/// `Link: rel="next"` header, a next URL or cursor in the body, page and
/// total fields, `X-Total-Count`-style headers, has-more flags, the last
/// item's `sort` (Elasticsearch), and the paging params of the request URL.
/// Each chosen key comes with the reason, as YAML lines for the draft.
public struct PagingGuess: Sendable, Equatable {
    /// `key: value  # why` lines under `paging:` (values already YAML).
    public var lines: [(key: String, value: String, why: String)]
    /// Request params the paging keys took over (left out of `params`).
    public var consumedParams: Set<String>
    public var notes: [String]

    public static func == (a: PagingGuess, b: PagingGuess) -> Bool {
        a.lines.map { "\($0.key)=\($0.value)" } == b.lines.map { "\($0.key)=\($0.value)" }
            && a.consumedParams == b.consumedParams && a.notes == b.notes
    }

    static let pageParams = ["page", "_page", "p", "pagenumber", "page_number", "pageno"]
    static let sizeParams = ["per_page", "perpage", "page_size", "pagesize", "limit", "_limit", "size", "max",
                             "maxresults", "n", "hitsperpage", "first", "limittofirst", "rows", "count"]
    static let offsetParams = ["offset", "_start", "start", "skip", "startat", "from", "s"]
    static let cursorParams = ["cursor", "after", "page_token", "pagetoken", "starting_after", "continuation", "max_id",
                               "since_id", "next_token"]

    static let nextURLKeys = ["next", "nextlink", "@odata.nextlink", "next_url", "nexturl", "next_page_url", "nextpageurl",
                              "next_href", "nexthref"]
    static let cursorKeys = ["next_cursor", "nextcursor", "endcursor", "end_cursor", "after", "cursor", "next_page_token",
                             "nextpagetoken", "continuation", "next_token", "nexttoken", "scroll_id", "_scroll_id", "next"]
    static let totalCountKeys = ["total_count", "totalcount", "total", "count", "totalresults", "total_results", "nbhits",
                                 "totalelements", "totalitems", "total_items", "repositorycount", "@odata.count",
                                 "recordstotal", "value", "totalhits", "hits_total", "total_entries"]
    static let totalPagesKeys = ["total_pages", "totalpages", "pages", "nbpages", "last_page", "lastpage", "pagecount",
                                 "page_count", "totalpage", "num_pages"]
    static let hasMoreKeys = ["has_more", "hasmore", "hasnextpage", "has_next", "hasnext", "more", "moreresults",
                              "_more_changes", "more_changes", "is_last_page"]
    static let pageKeys = ["page", "current_page", "currentpage", "pagenumber", "page_number"]
    static let bodyOffsetKeys = ["startat", "offset", "start", "skip"]
    static let bodySizeKeys = ["maxresults", "limit", "per_page", "perpage", "pagesize", "page_size", "hitsperpage"]
    static let totalPagesHeaders = ["x-total-pages", "x-wp-totalpages", "x-pagination-page-count"]

    public static func guess(root: JSONValue, list: ListGuess?, headers: [(String, String)], requestURL: String,
                             method: HTTPMethodName, requestBody: JSONValue?) -> PagingGuess {
        var g = PagingGuess(lines: [], consumedParams: [], notes: [])
        let query = URLComponents(string: requestURL)?.queryItems ?? []
        func param(in names: [String]) -> URLQueryItem? { query.first { names.contains($0.name.lowercased()) } }
        let scalars = scalarPaths(in: root, excluding: list?.path)
        func find(_ keys: [String], _ accept: (JSONValue) -> Bool) -> (path: String, value: JSONValue)? {
            var best: (String, JSONValue, Int)?
            for (steps, value) in scalars {
                guard case .key(let k)? = steps.last, let rank = keys.firstIndex(of: k.lowercased()), accept(value) else { continue }
                let score = rank + steps.count * 100
                if best == nil || score < best!.2 { best = (JSONPath(steps: steps).description, value, score) }
            }
            return best.map { ($0.0, $0.1) }
        }
        let isURL: (JSONValue) -> Bool = { v in
            guard case .string(let s) = v else { return false }
            return s.hasPrefix("http://") || s.hasPrefix("https://") || s.hasPrefix("/") || s.hasPrefix("?")
        }
        let isCursor: (JSONValue) -> Bool = { v in
            if case .string(let s) = v { return !s.isEmpty && !isURL(v) && !s.contains(" ") }
            return false
        }
        let isInt: (JSONValue) -> Bool = { v in
            if case .int = v { return true }
            if case .string(let s) = v { return Int(s) != nil }
            return false
        }
        let isFlag: (JSONValue) -> Bool = { v in
            if case .bool = v { return true }
            return false
        }
        let header = { (name: String) in headers.header(name) }
        let sizeParam = param(in: sizeParams)
        let bodyPaging = method == .post ? requestBody : nil

        // The style.
        if let link = header("link"), LinkHeader.target(rel: "next", in: link) != nil {
            g.lines.append(("style", "link", "the Link header has rel=\"next\""))
        } else if let next = find(nextURLKeys, isURL) {
            g.lines.append(("style", "nextURL", "\(next.path) holds the next page's URL"))
            g.lines.append(("nextURL", YAMLScalar.value(next.path), ""))
        } else if let cursor = find(cursorKeys, isCursor) {
            g.lines.append(("style", "cursor", "\(cursor.path) looks like an opaque cursor"))
            g.lines.append(("nextCursor", YAMLScalar.value(cursor.path), ""))
            let key = cursor.path.split(separator: ".").last.map { String($0).lowercased() } ?? ""
            if let variables = bodyVariables(bodyPaging), variables.contains("after") {
                g.lines.append(("cursorParam", "$.variables.after", "GraphQL: the cursor goes into variables.after"))
            } else if let sent = param(in: cursorParams) {
                g.lines.append(("cursorParam", YAMLScalar.value(sent.name), "the request URL has it"))
                g.consumedParams.insert(sent.name)
            } else {
                let name = key.contains("token") ? (key.contains("_") ? "page_token" : "pageToken")
                    : key == "endcursor" || key == "after" ? "after" : "cursor"
                g.lines.append(("cursorParam", name, "guess: check the API's docs for the cursor's param name"))
                g.notes.append("the name of the param that sends the cursor back (guessed \"\(name)\")")
            }
        } else if let list, !list.keyed, !list.path.hasWildcard, method == .post,
                  case .object(let last)? = list.sample.last, case .array? = last["sort"] {
            g.lines.append(("style", "cursor", "the hits carry sort values: search_after"))
            g.lines.append(("lastItemCursor", "sort", ""))
            g.lines.append(("cursorFormat", "json", "sent as the JSON array"))
            g.lines.append(("cursorParam", "$.search_after", ""))
        } else if let page = param(in: pageParams) {
            g.lines.append(("style", "page", "the request URL has \(page.name)=\(page.value ?? "")"))
            if page.name != "page" { g.lines.append(("param", YAMLScalar.value(page.name), "")) }
            if page.value == "0" { g.lines.append(("firstPage", "0", "")) }
            g.consumedParams.insert(page.name)
        } else if let offset = param(in: offsetParams) {
            g.lines.append(("style", "offset", "the request URL has \(offset.name)=\(offset.value ?? "")"))
            g.lines.append(("offsetParam", YAMLScalar.value(offset.name), ""))
            g.consumedParams.insert(offset.name)
        } else if find(pageKeys, isInt) != nil || find(totalPagesKeys, isInt) != nil {
            g.lines.append(("style", "page", "the body has page numbers"))
            if let page = find(pageKeys, isInt), page.value.scalarText == "0" { g.lines.append(("firstPage", "0", "")) }
        } else if let pages = totalPagesHeaders.first(where: { header($0) != nil }) {
            g.lines.append(("style", "page", "the \(canonicalHeader(pages, in: headers)) header counts pages"))
        } else if let offset = find(bodyOffsetKeys, isInt) {
            let name = offset.path.split(separator: ".").last.map(String.init) ?? "offset"
            g.lines.append(("style", "offset", "the body has \(offset.path)=\(offset.value.scalarText ?? "")"))
            g.lines.append(("offsetParam", YAMLScalar.value(name), "guess: the same name as in the body"))
        } else if find(totalCountKeys, isInt) != nil || header("x-total-count") != nil {
            g.lines.append(("style", "offset", "guess: a total but no page or cursor"))
            g.notes.append("how the next page is asked for: the response has a total but no page number, cursor or next link (guessed offset paging with an \"offset\" param)")
        } else {
            g.lines.append(("style", "none", "no next link, cursor, page or total in the response"))
            g.notes.append("whether the endpoint pages at all: one page is all the draft asks for")
        }
        let style = g.lines.first!.value
        guard style != "none" else { return g }

        // The page size.
        if let size = sizeParam, let n = Int(size.value ?? ""), n > 0 {
            g.lines.append(("sizeParam", YAMLScalar.value(size.name), "from the request URL"))
            g.lines.append(("size", String(n), ""))
            g.consumedParams.insert(size.name)
        } else if let variables = bodyVariables(bodyPaging), variables.contains("first"),
                  case .object(let o)? = requestBody, case .object(let v)? = o["variables"], case .int(let n)? = v["first"] {
            g.lines.append(("sizeParam", "$.variables.first", "GraphQL: the page size is variables.first"))
            g.lines.append(("size", String(n), ""))
        } else if case .object(let o)? = bodyPaging, case .int(let n)? = o["size"] {
            g.lines.append(("sizeParam", "$.size", "the request body's size"))
            g.lines.append(("size", String(n), ""))
        } else if style == "offset", let size = find(bodySizeKeys, isInt) {
            let name = size.path.split(separator: ".").last.map(String.init) ?? "limit"
            g.lines.append(("sizeParam", YAMLScalar.value(name), "guess: the same name as in the body"))
            g.lines.append(("size", size.value.scalarText ?? "20", ""))
        }
        // Totals and flags.
        if style == "page", let pages = find(totalPagesKeys, isInt) {
            g.lines.append(("totalPages", YAMLScalar.value(pages.path), "\(pages.value.scalarText ?? "") in this response"))
        } else if style == "page", let header = totalPagesHeaders.first(where: { header($0) != nil }) {
            g.lines.append(("totalPagesHeader", canonicalHeader(header, in: headers), "a response header"))
        }
        if let total = find(totalCountKeys, isInt) {
            g.lines.append(("totalCount", YAMLScalar.value(total.path), "\(total.value.scalarText ?? "") in this response"))
        } else if let header = ["x-total-count", "x-wp-total", "x-total", "x-pagination-total-count"].first(where: { header($0) != nil }) {
            g.lines.append(("totalCountHeader", canonicalHeader(header, in: headers), "a response header"))
        }
        if let more = find(hasMoreKeys, isFlag), !more.path.hasSuffix("is_last_page") {
            g.lines.append(("hasMore", YAMLScalar.value(more.path), "a has-more flag"))
        } else if let list, !list.keyed, !list.path.hasWildcard, case .object(let last)? = list.sample.last,
                  let key = last.keys.first(where: { hasMoreKeys.contains($0.lowercased()) }), case .bool = last[key]! {
            let path = JSONPath(steps: list.path.steps + [.index(-1), .key(key)]).description
            g.lines.append(("hasMore", YAMLScalar.value(path), "the last item carries the flag"))
        }
        return g
    }

    /// The GraphQL variables a request body sends, if it looks like GraphQL.
    static func bodyVariables(_ body: JSONValue?) -> Set<String>? {
        guard case .object(let o)? = body, case .string? = o["query"], case .object(let v)? = o["variables"] else { return nil }
        return Set(v.keys)
    }

    static func canonicalHeader(_ lowercased: String, in headers: [(String, String)]) -> String {
        headers.headerSpelling(lowercased) ?? lowercased
    }

    /// Scalar values of `root` up to 4 levels deep, outside the list.
    static func scalarPaths(in root: JSONValue, excluding list: JSONPath?) -> [([JSONPath.Step], JSONValue)] {
        var out: [([JSONPath.Step], JSONValue)] = []
        func walk(_ value: JSONValue, _ steps: [JSONPath.Step]) {
            if let list, !list.steps.isEmpty, steps == list.steps { return }
            guard steps.count <= 4 else { return }
            switch value {
            case .object(let o):
                for key in o.keys.sorted() { walk(o[key]!, steps + [.key(key)]) }
            case .array:
                return
            default:
                if !steps.isEmpty { out.append((steps, value)) }
            }
        }
        walk(root, [])
        return out
    }
}
