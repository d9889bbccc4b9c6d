import Foundation
import RowboatSpec

/// How the names of paging params are found when nothing names them: the
/// families servers use for a page number, an offset, a page size and a
/// cursor; which position goes with which size (`limit` with `offset`,
/// `per_page` with `page`, `$top` with `$skip`); the name a token is sent
/// back under, made from the name it came under (`next_page_token` →
/// `page_token`); and the spelling of the size param kept for its
/// siblings (`listOptions.limit` → `listOptions.continue`,
/// `page[size]` → `page[number]`). The search tries the names the request,
/// the response or the document give first, these only after.
public enum PagingNames {
    /// What a request input stands for, judged by its name.
    public enum Role: Sendable, Equatable {
        case page, offset, size, cursor
    }

    static let page = ["page", "_page", "__page", "p", "pagenumber", "page_number", "pageno", "pagenum", "current_page",
                       "currentpage", "pageindex", "page_index"]
    static let size = ["per_page", "perpage", "page_size", "pagesize", "limit", "_limit", "size", "max", "maxresults",
                       "max_results", "n", "hitsperpage", "first", "limittofirst", "rows", "count", "_size", "srlimit",
                       "top", "$top", "take", "per", "pagelen", "max_items", "maxitems", "max-items", "results_per_page"]
    static let offset = ["offset", "_start", "start", "skip", "startat", "start_at", "from", "s", "$skip", "firstresult",
                         "first_result", "startindex", "start_index", "_offset"]
    static let cursor = ["cursor", "after", "page_token", "pagetoken", "starting_after", "continuation", "max_id",
                         "since_id", "next_token", "_next", "next", "marker", "continuationtoken", "continue",
                         "pagination_token", "start_cursor", "startcursor", "token", "scroll_id",
                         "search_after", "starting_token", "nexttoken", "continuation_token"]

    /// The role a name plays, if it is a paging name (its last segment,
    /// any case: `page[size]`, `listOptions.limit`, `$.variables.first`).
    public static func role(of name: String) -> Role? {
        let key = lastSegment(name).lowercased()
        if page.contains(key) { return .page }
        if size.contains(key) { return .size }
        if offset.contains(key) { return .offset }
        if cursor.contains(key) || key.contains("cursor") || key.contains("token") || key.contains("continu") { return .cursor }
        if key.hasSuffix("size") || key.hasSuffix("limit") || key.hasPrefix("max") || key.contains("per-page")
            || key.contains("max") && (key.contains("count") || key.contains("items") || key.contains("results")) { return .size }
        if key.hasPrefix("page"), key != "pages" { return .page }
        return nil
    }

    /// The last segment of a param name: `listOptions.limit` → `limit`,
    /// `page[size]` → `size`, `$.variables.first` → `first`.
    static func lastSegment(_ name: String) -> String {
        var text = Substring(name)
        if text.hasSuffix("]"), let open = text.lastIndex(of: "[") {
            return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
        return String(text)
    }

    /// `name` spelled as `like` spells its last segment: `listOptions.limit`
    /// gives `listOptions.continue`, `page[size]` gives `page[number]`,
    /// `$.variables.first` gives `$.variables.after`.
    public static func sibling(_ name: String, of like: String) -> String {
        if like.hasSuffix("]"), let open = like.lastIndex(of: "[") { return like[...open] + name + "]" }
        if let dot = like.lastIndex(of: ".") { return like[...dot] + name }
        return name
    }

    /// The positions a size param is most often paired with, likeliest
    /// first (`limit` → `offset`, `per_page` → `page`, `$top` → `$skip`).
    static func partners(ofSize size: String) -> [(role: Role, name: String)] {
        switch lastSegment(size).lowercased() {
        case "limit": [(.offset, "offset"), (.page, "page")]
        case "_limit": [(.page, "_page"), (.offset, "_start")]
        case "$top", "top": [(.offset, "$skip"), (.page, "page")]
        case "rows": [(.offset, "start"), (.page, "page")]
        case "take": [(.offset, "skip"), (.page, "page")]
        case "maxresults", "max_results": [(.offset, "startAt"), (.page, "page")]
        case "count": [(.page, "page"), (.offset, "start")]
        case "size": [(.page, "page"), (.offset, "from")]
        case "max": [(.offset, "first"), (.offset, "offset"), (.page, "page")]
        case "n", "first", "max_items": [(.offset, "offset"), (.page, "page")]
        default: [(.page, "page"), (.offset, "offset")]
        }
    }

    /// The names a token found under `key` is likeliest sent back under:
    /// its own name without `next` (`next_page_token` → `page_token`,
    /// `nextPageToken` → `pageToken`, `next_cursor` → `cursor`, `NextMarker`
    /// → `Marker`), then its own name (`continue`, `nextToken`), then the
    /// family a name like it belongs to.
    public static func tokenParams(for key: String) -> [String] {
        var out: [String] = []
        var key = key
        // A header's name without its vendor prefix, in the camel case query params use
        // (`x-ms-continuationtoken` → `continuationToken`).
        if key.lowercased().hasPrefix("x-") {
            let words = key.lowercased().split(separator: "-").dropFirst().filter { $0 != "ms" && $0 != "amz" && $0 != "goog" }
            key = camel(words.joined())
        }
        let lower = key.lowercased()
        for prefix in ["next_", "next-", "next"] where lower.hasPrefix(prefix) && lower.count > prefix.count {
            var rest = String(key.dropFirst(prefix.count))
            if prefix == "next", let first = rest.first, first.isUppercase, key.first!.isLowercase {
                rest = first.lowercased() + rest.dropFirst()
            }
            out.append(rest)
            break
        }
        if lower == "endcursor" || lower == "end_cursor" || lower == "after" || lower == "after_cursor" { out.append("after") }
        // Notion's `next_cursor` goes back as `start_cursor`.
        if let rest = out.first, rest.lowercased() == "cursor" { out.append(key.contains("_") ? "start_cursor" : "startCursor") }
        if lower.hasSuffix("page") {
            // A token under `next_page` (fastapi-pagination) goes back as a cursor, not a page number.
            out.removeAll { $0.lowercased() == "page" }
            out.append("cursor")
        }
        if lower == "next_token" || lower == "nexttoken" {
            out = [key, "pagination_token", "from"]
        }
        if lower == "end" { out += ["from", "since"] }
        if lower.hasSuffix("batch") { out = ["since", "from"] }
        out.append(key)
        if lower.contains("token") { out += [key.contains("_") ? "page_token" : "pageToken", "pagination_token"] }
        if lower.contains("marker") { out.append("marker") }
        out += ["cursor", "after", "from", "page_token", "start_cursor"]
        var seen = Set<String>()
        return out.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// `continuationtoken` → `continuationToken`: the words paging names are
    /// made of, joined in camel case.
    static func camel(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        let words = ["continuation", "cursor", "token", "page", "next", "marker"]
        while !rest.isEmpty {
            if let word = words.first(where: { rest.hasPrefix($0) }) {
                out += out.isEmpty ? word : word.prefix(1).uppercased() + word.dropFirst()
                rest = rest.dropFirst(word.count)
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }

    /// True for a key that names a token (a cursor, a continue value, the
    /// `end` of a batch) when its value is opaque text.
    static func isTokenKey(_ key: String) -> Bool {
        let k = key.lowercased()
        if ["cursor", "after", "end", "continue", "marker", "token", "next", "since", "bookmark", "scroll_id", "_scroll_id",
            "next_batch", "next_page", "nextpage", "page_info"].contains(k) { return true }
        return k.contains("cursor") || k.contains("token") || k.contains("continu") || k.contains("marker")
            || (k.hasPrefix("next") && !k.contains("url") && !k.contains("link") && !k.contains("href"))
    }

    /// True for an int key that counts every item (`total`, `total_size`,
    /// `numFound`, `totalHits`, `@odata.count`, `total_entries`), not a
    /// page's own count (`item_count`, `numberOfElements`, `page_size`).
    static func isTotalCountKey(_ key: String) -> Bool {
        let k = key.lowercased()
        if ["count", "total", "size", "hits", "found", "numfound", "nbhits", "recordstotal", "value", "@odata.count",
            "odata.count"].contains(k) { return true }
        if k.contains("page") || k.contains("per") || k.contains("item_count") || k.contains("itemcount") || k.contains("limit")
            || k.contains("offset") || k.contains("elements") && !k.contains("total") || k.contains("remaining")
            || k.contains("returned") { return false }
        return k.contains("total") || k.hasPrefix("num") || k.hasSuffix("count") || k.contains("found") || k.contains("hits")
    }

    /// True for an int key that counts the pages (`total_pages`, `page_count`, `pages`, `last_page`, `nbPages`).
    static func isTotalPagesKey(_ key: String) -> Bool {
        let k = key.lowercased()
        if ["pages", "nbpages", "last_page", "lastpage", "num_pages", "numpages", "pagecount", "page_count", "totalpages",
            "total_pages", "totalpage", "pages_count", "total_page"].contains(k) { return true }
        return k.contains("pages") && (k.contains("total") || k.contains("num") || k.contains("count"))
    }
}
