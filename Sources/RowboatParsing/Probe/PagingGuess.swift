import Foundation
import RowboatSpec

/// How a probed endpoint might page, guessed from what one response shows:
/// a `Link: rel="next"` header or a next URL in another header, paging
/// facts as JSON in a header, a next URL (absolute or relative), cursor or
/// continuation object in the body, page and total fields,
/// `X-Total-Count`-style headers, has-more and is-last flags, the last
/// item's `sort` (Elasticsearch), and the paging params of the request URL.
///
/// `candidates` lists every style that fits, the likeliest first, each
/// with its keys and the reason for each as YAML lines for the draft; the
/// probe walks them in turn and keeps the first that holds. Styles tried
/// only because nothing said otherwise (a `page=2`, an `offset`) are
/// `fallback`s: without a walk to verify them they are not written.
public struct PagingGuess: Sendable, Equatable {
    /// `key: value  # why` lines under `paging:` (values already YAML).
    public var lines: [(key: String, value: String, why: String)]
    /// Request params the paging keys took over (left out of `params`).
    public var consumedParams: Set<String>
    /// What stays undecided if this guess is written without a walk.
    public var notes: [String]
    /// Tried only because nothing in the response said otherwise.
    public var fallback = false
    /// The endpoint's url when the position is a path segment
    /// (`/archive/page/{page}.json`); nil keeps the probed path.
    public var url: String?

    public init(lines: [(key: String, value: String, why: String)] = [], consumedParams: Set<String> = [],
                notes: [String] = [], fallback: Bool = false, url: String? = nil) {
        self.lines = lines
        self.consumedParams = consumedParams
        self.notes = notes
        self.fallback = fallback
        self.url = url
    }

    public static func == (a: PagingGuess, b: PagingGuess) -> Bool {
        a.lines.map { "\($0.key)=\($0.value)" } == b.lines.map { "\($0.key)=\($0.value)" }
            && a.consumedParams == b.consumedParams && a.notes == b.notes && a.fallback == b.fallback && a.url == b.url
    }

    /// The guess once a walk of more than one page held it: what was a
    /// guess says so no more.
    public func confirmed() -> PagingGuess {
        var g = self
        g.lines = lines.map { line in
            guard line.why.hasPrefix("guess: ") else { return line }
            return (line.key, line.value, String(line.why.dropFirst(7)) + "; the walk held it")
        }
        return g
    }

    /// The same guess without `keys` (`totalCount`, …).
    public func removing(_ keys: Set<String>) -> PagingGuess {
        var g = self
        g.lines.removeAll { keys.contains($0.key) }
        return g
    }

    /// The style's name (`page`, `cursor`, …).
    public var style: String { lines.first?.value ?? "none" }

    /// The value of key `key`, if written (as YAML).
    public func value(_ key: String) -> String? { lines.first { $0.key == key }?.value }

    /// The value of key `key` as the loader reads it (quotes and `$$` undone).
    public func text(_ key: String) -> String? {
        guard let yaml = value(key) else { return nil }
        if yaml.hasPrefix("\""), case .string(let s)? = try? JSONValue.parse(Data(yaml.utf8)) {
            return s.replacingOccurrences(of: "$$", with: "$")
        }
        return yaml.replacingOccurrences(of: "$$", with: "$")
    }

    /// Where the position goes, in words (`the query's `page``, `the body's
    /// `page_token``, `the `x-ms-continuation` header`, `the path`), for the
    /// draft's line on what was walked.
    public var place: String? {
        let name: String
        switch style {
        case "page" where url != nil: return "the path's `{\(text("param") ?? "page")}`"
        case "page": name = text("param") ?? "page"
        case "offset": name = text("offsetParam") ?? "offset"
        case "cursor", "lastId": name = text("cursorParam") ?? "cursor"
        case "link": return "the Link header's next URL"
        case "nextURL":
            if let header = text("nextURLHeader") { return "the next URL in the `\(header)` header" }
            return "the next URL at `\(text("nextURL") ?? "next")`"
        case "continuation": return "the members of `\(text("continuation") ?? "continue")`"
        default: return nil
        }
        if let header = RequestBuilder.headerName(name) { return "the `\(header)` header" }
        if JSONBody.isBodyPathName(name) { return "the body's `\(name.dropFirst(2))`" }
        return "the query's `\(name)`"
    }

    /// A few words for what this guess does (`cursor next_cursor sent as cursor`).
    public var summary: String {
        let detail = ["nextCursor", "nextCursorHeader", "lastItemCursor", "nextURL", "nextURLHeader", "continuation", "param",
                      "offsetParam", "cursorParam", "cursorFormat"]
            .compactMap { key in value(key).map { "\(key) \($0)" } }
        return ([style] + detail).joined(separator: ", ")
    }

    static let nextURLKeys = ["next", "nextlink", "@odata.nextlink", "next_url", "nexturl", "next_page_url", "nextpageurl",
                              "next_href", "nexthref", "more_topics_url", "odata.nextlink", "nextpage", "next_page"]
    static let cursorKeys = ["next_cursor", "nextcursor", "endcursor", "end_cursor", "after", "cursor", "next_page_token",
                             "nextpagetoken", "continuation", "next_token", "nexttoken", "scroll_id", "_scroll_id",
                             "continuationtoken", "continuation_token", "next_marker", "nextmarker", "next", "continue",
                             "after_cursor", "next_batch", "starting_after", "bookmark", "end"]
    static let totalCountKeys = ["total_count", "totalcount", "total", "count", "totalresults", "total_results", "nbhits",
                                 "totalelements", "totalitems", "total_items", "repositorycount", "@odata.count",
                                 "recordstotal", "value", "totalhits", "hits_total", "total_entries",
                                 "filtered_table_rows_count", "total_records", "totalrecords"]
    static let totalPagesKeys = ["total_pages", "totalpages", "pages", "nbpages", "last_page", "lastpage", "pagecount",
                                 "page_count", "totalpage", "num_pages"]
    static let hasMoreKeys = ["has_more", "hasmore", "hasnextpage", "has_next", "hasnext", "more", "moreresults",
                              "_more_changes", "more_changes", "has_next_page"]
    static let isLastKeys = ["last", "is_last", "islast", "is_last_page", "islastpage", "last_page", "lastpage"]
    static let pageKeys = ["page", "current_page", "currentpage", "pagenumber", "page_number", "number", "pageindex",
                           "page_index"]
    static let bodyOffsetKeys = ["startat", "offset", "start", "skip"]
    static let bodySizeKeys = ["maxresults", "limit", "per_page", "perpage", "pagesize", "page_size", "hitsperpage"]
    static let totalPagesHeaders = ["x-total-pages", "x-wp-totalpages", "x-pagination-page-count", "x-pages"]
    static let totalCountHeaders = ["x-total-count", "x-wp-total", "x-total", "x-pagination-total-count",
                                    "x-total-results", "total-count"]
    /// Item fields that hold a time as a number, which a newest-first list
    /// may continue from.
    static let timeKeys = ["createdAt", "created_at", "created", "timestamp", "time", "date"]
    static let continuationKeys = ["continue", "query-continue", "continuation"]

    /// The likeliest guess alone (what a probe that walks nothing writes).
    public static func guess(root: JSONValue, list: ListGuess?, headers: [(String, String)], requestURL: String,
                             method: HTTPMethodName, requestBody: JSONValue?, declared: [String] = []) -> PagingGuess {
        let all = candidates(root: root, list: list, headers: headers, requestURL: requestURL, method: method,
                             requestBody: requestBody, declared: declared)
        return all.first { !$0.fallback } ?? all.last!
    }

    /// Every guess that fits the exchange, the likeliest first; the last
    /// is always style `none`. `declared` names the params an OpenAPI
    /// operation declares (query names, `$.` body paths).
    public static func candidates(root: JSONValue, list: ListGuess?, headers: [(String, String)], requestURL: String,
                                  method: HTTPMethodName, requestBody: JSONValue?, declared: [String] = []) -> [PagingGuess] {
        Reader(root: root, list: list, headers: headers, requestURL: requestURL, method: method,
               requestBody: requestBody, declared: declared).candidates()
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

    /// True for text that reads as a next-page URL: absolute, or relative
    /// with a path or query (`/latest?page=1`, `?page=2`, `items?page=2`).
    static func isURLText(_ s: String) -> Bool {
        guard !s.isEmpty, !s.contains(" ") else { return false }
        if s.hasPrefix("http://") || s.hasPrefix("https://") || s.hasPrefix("/") || s.hasPrefix("?") { return true }
        return s.contains("?") && s.contains("=")
    }

    /// True when `s` holds `%XX` escapes that decode to something else.
    static func isPercentEncoded(_ s: String) -> Bool {
        guard s.range(of: "%[0-9A-Fa-f]{2}", options: .regularExpression) != nil,
              let decoded = s.removingPercentEncoding else { return false }
        return decoded != s
    }
}
