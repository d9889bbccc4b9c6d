import Foundation
import RowboatSpec

extension PagingGuess {
    /// Reads one response for `candidates`.
    struct Reader {
        let root: JSONValue
        let list: ListGuess?
        let headers: [(String, String)]
        let method: HTTPMethodName
        let requestBody: JSONValue?
        let query: [URLQueryItem]
        /// The paging facts' JSON header (`X-Pagination`), when there is one.
        let factsHeader: (name: String, value: JSONValue)?
        /// The scalars the facts are looked for in: the header's, else the body's.
        let scalars: [([JSONPath.Step], JSONValue)]

        init(root: JSONValue, list: ListGuess?, headers: [(String, String)], requestURL: String, method: HTTPMethodName,
             requestBody: JSONValue?) {
            self.root = root
            self.list = list
            self.headers = headers
            self.method = method
            self.requestBody = requestBody
            query = URLComponents(string: requestURL)?.queryItems ?? []
            var facts: (String, JSONValue)?
            for (name, value) in headers where !["link", "content-type", "set-cookie"].contains(name.lowercased()) {
                let text = value.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("{"), case .object(let o)? = try? JSONValue.parse(Data(text.utf8)) else { continue }
                let known = PagingGuess.totalCountKeys + PagingGuess.totalPagesKeys + PagingGuess.hasMoreKeys
                    + PagingGuess.pageKeys + PagingGuess.cursorKeys + PagingGuess.nextURLKeys
                if o.keys.contains(where: { known.contains($0.lowercased()) }) { facts = (name, .object(o)); break }
            }
            factsHeader = facts.map { (name: $0.0, value: $0.1) }
            scalars = factsHeader.map { PagingGuess.scalarPaths(in: $0.value, excluding: nil) }
                ?? PagingGuess.scalarPaths(in: root, excluding: list?.path)
        }

        func param(in names: [String]) -> URLQueryItem? { query.first { names.contains($0.name.lowercased()) } }
        func header(_ name: String) -> String? { headers.header(name) }

        /// The shallowest scalar under one of `keys` (earlier keys first) that `accept` takes.
        func find(_ keys: [String], _ accept: (JSONValue) -> Bool) -> (path: String, value: JSONValue)? {
            var best: (String, JSONValue, Int)?
            for (steps, value) in scalars {
                guard case .key(let k)? = steps.last, let rank = keys.firstIndex(of: k.lowercased()), accept(value) else { continue }
                let score = rank + steps.count * 100
                if best == nil || score < best!.2 { best = (JSONPath(steps: steps).description, value, score) }
            }
            return best.map { ($0.0, $0.1) }
        }

        static func isURL(_ v: JSONValue) -> Bool {
            if case .string(let s) = v { return PagingGuess.isURLText(s) }
            return false
        }
        static func isCursor(_ v: JSONValue) -> Bool {
            if case .string(let s) = v { return !s.isEmpty && !PagingGuess.isURLText(s) && !s.contains(" ") }
            if case .int = v { return true }
            return false
        }
        static func isEmptyCursor(_ v: JSONValue) -> Bool {
            if case .string(let s) = v { return s.isEmpty }
            if case .null = v { return true }
            return false
        }
        static func isInt(_ v: JSONValue) -> Bool {
            if case .int = v { return true }
            if case .string(let s) = v { return Int(s) != nil }
            return false
        }
        static func isFlag(_ v: JSONValue) -> Bool {
            if case .bool = v { return true }
            return false
        }

        /// A next-URL key: a known one, or a name with `next` (or `more`)
        /// and `url`, `link` or `href` in it.
        static func isNextURLKey(_ key: String) -> Bool {
            let k = key.lowercased()
            if PagingGuess.nextURLKeys.contains(k) { return true }
            return (k.contains("next") || k.contains("more")) && ["url", "link", "href", "uri"].contains { k.contains($0) }
        }

        func candidates() -> [PagingGuess] {
            var out: [PagingGuess] = []
            func add(_ g: PagingGuess) {
                var g = g
                g.lines += extras(for: g)
                if let size = param(in: PagingGuess.sizeParams), g.value("sizeParam") == YAMLScalar.value(size.name) {
                    g.consumedParams.insert(size.name)
                }
                if let header = factsHeader, g.lines.contains(where: { ["totalPages", "totalCount", "hasMore", "isLast",
                                                                         "nextCursor", "nextURL"].contains($0.key) }) {
                    g.lines.insert(("pagingHeader", YAMLScalar.value(header.name), "the paging facts are JSON in this header"), at: 1)
                }
                if !out.contains(where: { $0.lines.map(\.value) == g.lines.map(\.value) }) { out.append(g) }
            }
            let bodyPaging = method == .post ? requestBody : nil

            // A Link header.
            if let link = header("link"), LinkHeader.target(rel: "next", in: link) != nil {
                add(PagingGuess(lines: [("style", "link", "the Link header has rel=\"next\"")]))
            }
            // A next URL in another header (`Next-Page`, `X-Next-Page-Url`).
            for (name, value) in headers where name.lowercased().contains("next") && name.lowercased() != "link" {
                guard let url = PageDecoder.headerURL(value), PagingGuess.isURLText(url) else { continue }
                add(PagingGuess(lines: [("style", "nextURL", "the \(name) header holds the next page's URL"),
                                        ("nextURLHeader", YAMLScalar.value(name), "")]))
            }
            // A next URL in the body (or the facts header).
            // (Also HAL's and JSON:API's `_links.next.href`: a link object named next.)
            var nextURLs = scalars.filter { steps, value in
                guard case .key(let k)? = steps.last, Self.isURL(value) else { return false }
                if Self.isNextURLKey(k) { return true }
                guard steps.count >= 2, case .key(let parent) = steps[steps.count - 2] else { return false }
                return ["href", "url", "link", "uri"].contains(k.lowercased()) && parent.lowercased() == "next"
            }
            nextURLs.sort { $0.0.count < $1.0.count }
            if let next = nextURLs.first {
                let path = JSONPath(steps: next.0).description
                let relative = !(next.1.scalarText ?? "").hasPrefix("http")
                add(PagingGuess(lines: [("style", "nextURL", "\(path) holds the next page's URL\(relative ? " (relative)" : "")"),
                                        ("nextURL", YAMLScalar.value(path), "")]))
            }
            // A continuation object (MediaWiki).
            if case .object(let o) = root {
                for key in o.keys.sorted() where PagingGuess.continuationKeys.contains(key.lowercased()) {
                    guard case .object(let members) = o[key]!, !members.isEmpty,
                          members.values.allSatisfy({ $0.scalarText != nil }) else { continue }
                    let path = JSONPath(steps: [.key(key)]).description
                    add(PagingGuess(lines: [("style", "continuation", "every member of \(path) goes back as a param"),
                                            ("continuation", YAMLScalar.value(path), "")]))
                }
            }
            // A cursor.
            if let cursor = find(PagingGuess.cursorKeys, Self.isCursor) {
                for g in cursorGuesses(cursor, bodyPaging: bodyPaging) { add(g) }
            }
            // A cursor key that is empty here: one page holds it all, and the
            // same key would carry the cursor (Slack's next_cursor: "").
            else if let empty = find(PagingGuess.cursorKeys.filter { $0 != "next" }, Self.isEmptyCursor) {
                for g in cursorGuesses(empty, bodyPaging: bodyPaging).prefix(1) { add(g) }
            }
            // Elasticsearch: the last hit's sort values.
            if let list, !list.keyed, !list.path.hasWildcard, method == .post,
               case .object(let last)? = list.sample.last, case .array? = last["sort"] {
                add(PagingGuess(lines: [("style", "cursor", "the hits carry sort values: search_after"),
                                        ("lastItemCursor", "sort", ""), ("cursorFormat", "json", "sent as the JSON array"),
                                        ("cursorParam", "$.search_after", "")]))
            }
            let page = param(in: PagingGuess.pageParams)
            let hasMore = find(PagingGuess.hasMoreKeys, Self.isFlag) != nil || lastItemFlag() != nil
            if let page {
                var lines: [(key: String, value: String, why: String)] = [("style", "page", "the request URL has \(page.name)=\(page.value ?? "")")]
                if page.name != "page" { lines.append(("param", YAMLScalar.value(page.name), "")) }
                if page.value == "0" { lines.append(("firstPage", "0", "")) }
                add(PagingGuess(lines: lines, consumedParams: [page.name]))
            }
            if let offset = param(in: PagingGuess.offsetParams) {
                add(PagingGuess(lines: [("style", "offset", "the request URL has \(offset.name)=\(offset.value ?? "")"),
                                        ("offsetParam", YAMLScalar.value(offset.name), "")], consumedParams: [offset.name]))
            }
            // Firebase: limitToFirst with an orderBy; the next page starts at the last key.
            if let list, list.keyed, param(in: ["limittofirst"]) != nil, param(in: ["orderby"]) != nil {
                add(PagingGuess(lines: [("style", "lastId", "the request URL has limitToFirst and orderBy (Firebase)"),
                                        ("cursorParam", "startAt", "the next page starts at the last key"),
                                        ("cursorFormat", "json", "sent as a JSON string")]))
            }
            // Page fields in the body (or the facts header): the param is most
            // often `page`, else named as the field is, else `pageNumber`.
            let pageField = find(PagingGuess.pageKeys, Self.isInt)
            if pageField != nil || find(PagingGuess.totalPagesKeys, Self.isInt) != nil {
                let first = pageField?.value.scalarText == "0"
                let why = pageField.map { "the \(factsHeader == nil ? "body" : "header") has \($0.path)=\($0.value.scalarText ?? "")" }
                    ?? "the \(factsHeader == nil ? "body" : "header") counts pages"
                var names = ["page"]
                let parts = pageField?.path.split(separator: ".").map(String.init) ?? []
                if let key = parts.last, key.lowercased() != "page" {
                    if ["pagenumber", "page_number", "pageindex", "page_index"].contains(key.lowercased()) { names.append(key) }
                    names.append(key.contains("_") ? "page_number" : "pageNumber")
                }
                // Strapi's meta.pagination.page goes back as pagination[page].
                if parts.count >= 2, parts[parts.count - 2].lowercased() == "pagination" {
                    names.append("pagination[\(parts[parts.count - 1])]")
                }
                var seen = Set<String>()
                for name in names where seen.insert(name).inserted {
                    var lines: [(key: String, value: String, why: String)] = [("style", "page", why)]
                    if name != "page" { lines.append(("param", YAMLScalar.value(name), "guess: named after the page field")) }
                    if first { lines.append(("firstPage", "0", "")) }
                    add(PagingGuess(lines: lines, notes: ["the name of the page param (guessed \"\(name)\")"]))
                }
            }
            // has_more and no cursor: the last id goes back (Stripe's starting_after);
            // a flag on the last item (Gerrit's _more_changes) goes with an offset.
            if hasMore, let list, !list.keyed {
                if let sent = param(in: PagingGuess.cursorParams) {
                    add(PagingGuess(lines: [("style", "lastId", "a has-more flag, and the request URL sends \(sent.name)"),
                                            ("cursorParam", YAMLScalar.value(sent.name), "")], consumedParams: [sent.name]))
                } else if find(PagingGuess.hasMoreKeys, Self.isFlag) == nil, param(in: PagingGuess.offsetParams) == nil {
                    for name in ["start", "offset"] {
                        add(PagingGuess(lines: [("style", "offset", "the last item's has-more flag: an offset brings the rest"),
                                                ("offsetParam", name, "guess: the param that skips items")],
                                        notes: ["the name of the offset param (guessed \"\(name)\")"]))
                    }
                } else if find(PagingGuess.hasMoreKeys, Self.isFlag) != nil {
                    for name in ["starting_after", "after"] {
                        add(PagingGuess(lines: [("style", "lastId", "a has-more flag and no cursor: the last id goes back"),
                                                ("cursorParam", name, "guess: the param that takes the last id")],
                                        notes: ["the name of the param that takes the last item's id (guessed \"\(name)\")"]))
                    }
                }
            }
            if let pages = PagingGuess.totalPagesHeaders.first(where: { header($0) != nil }) {
                add(PagingGuess(lines: [("style", "page", "the \(PagingGuess.canonicalHeader(pages, in: headers)) header counts pages")]))
            }
            if let offset = find(PagingGuess.bodyOffsetKeys, Self.isInt) {
                let name = offset.path.split(separator: ".").last.map(String.init) ?? "offset"
                add(PagingGuess(lines: [("style", "offset", "the body has \(offset.path)=\(offset.value.scalarText ?? "")"),
                                        ("offsetParam", YAMLScalar.value(name), "guess: the same name as in the body")]))
            }
            // Nothing says how: try a page number, then an offset.
            // (json-server's `_limit` goes with `_page` and `_start`.)
            if let list, list.count >= 2, !list.keyed, method == .get {
                let underscored = param(in: PagingGuess.sizeParams)?.name.hasPrefix("_") ?? false
                let (pageName, offsetName) = underscored ? ("_page", "_start") : ("page", "offset")
                var pageLines: [(key: String, value: String, why: String)] = [("style", "page", "guess: a \(pageName)=2 brings the next items")]
                if underscored { pageLines.append(("param", pageName, "")) }
                add(PagingGuess(lines: pageLines, notes: ["how the next page is asked for (guessed a \"\(pageName)\" param)"],
                                fallback: true))
                add(PagingGuess(lines: [("style", "offset", "guess: an \(offsetName) param brings the next items"),
                                        ("offsetParam", offsetName, "")],
                                notes: ["how the next page is asked for (guessed an \"\(offsetName)\" param)"], fallback: true))
                // Newest first, continued from the last item's time (Lichess's `until`).
                if case .object(let last)? = list.sample.last, !list.path.hasWildcard,
                   let time = PagingGuess.timeKeys.first(where: { key in last[key].map(Self.isInt) ?? false }) {
                    for name in ["until", "before"] {
                        add(PagingGuess(lines: [("style", "cursor", "guess: the last item's \(time) asks for older items"),
                                                ("lastItemCursor", YAMLScalar.value(time), ""), ("cursorParam", name, "")],
                                        notes: ["how the next page is asked for (guessed \(name)=the last item's \(time))"],
                                        fallback: true))
                    }
                }
            }
            out.append(PagingGuess(lines: [("style", "none", "no next link, cursor, page or total in the response")],
                                   notes: ["whether the endpoint pages at all: one page is all the draft asks for"]))
            return out
        }

        /// The guesses for a cursor found at `cursor`: the param from the
        /// request URL or GraphQL variables, else a few likely names; an
        /// already percent-encoded cursor first with `cursorFormat: encoded`.
        func cursorGuesses(_ cursor: (path: String, value: JSONValue), bodyPaging: JSONValue?) -> [PagingGuess] {
            let key = cursor.path.split(separator: ".").last.map { String($0) } ?? ""
            let lower = key.lowercased()
            var params: [(name: String, why: String, guessed: Bool)] = []
            if let variables = PagingGuess.bodyVariables(bodyPaging), variables.contains("after") {
                params = [("$.variables.after", "GraphQL: the cursor goes into variables.after", false)]
            } else if let sent = param(in: PagingGuess.cursorParams) {
                params = [(sent.name, "the request URL has it", false)]
            } else {
                var names: [String] = []
                // AWS-style `nextToken` goes back under its own name.
                if lower == "nexttoken" || lower == "next_token" { names.append(key) }
                if lower.contains("token") { names.append(key.contains("_") ? "page_token" : "pageToken") }
                if lower == "endcursor" || lower == "end_cursor" || lower == "after" { names.append("after") }
                if lower == "continuation" || lower == "scroll_id" || lower == "_scroll_id" { names.append(key) }
                if lower.contains("marker") { names.append("marker") }
                names += ["cursor", "after"]
                var seen = Set<String>()
                params = names.filter { seen.insert($0).inserted }.prefix(3).map {
                    ($0, "guess: check the API's docs for the cursor's param name", true)
                }
            }
            let encoded = cursor.value.scalarText.map(PagingGuess.isPercentEncoded) ?? false
            var out: [PagingGuess] = []
            for format in encoded ? ["encoded", "text"] : ["text"] {
                for p in params {
                    var g = PagingGuess(lines: [("style", "cursor", "\(cursor.path) looks like an opaque cursor"),
                                                ("nextCursor", YAMLScalar.value(cursor.path), ""),
                                                ("cursorParam", p.name.hasPrefix("$.") ? p.name : YAMLScalar.value(p.name), p.why)])
                    if format == "encoded" {
                        g.lines.append(("cursorFormat", "encoded", "it comes percent-encoded: sent back encoded once"))
                    }
                    if p.guessed { g.notes.append("the name of the param that sends the cursor back (guessed \"\(p.name)\")") }
                    if let sent = param(in: PagingGuess.cursorParams), sent.name == p.name { g.consumedParams.insert(sent.name) }
                    out.append(g)
                }
            }
            return out
        }

        /// A has-more flag carried by the list's last item (Gerrit's `_more_changes`).
        func lastItemFlag() -> String? {
            guard let list, !list.keyed, !list.path.hasWildcard, case .object(let last)? = list.sample.last,
                  let key = last.keys.first(where: { PagingGuess.hasMoreKeys.contains($0.lowercased()) }),
                  case .bool = last[key]! else { return nil }
            return JSONPath(steps: list.path.steps + [.index(-1), .key(key)]).description
        }

        /// The size, totals and flags that go with guess `g`.
        func extras(for g: PagingGuess) -> [(key: String, value: String, why: String)] {
            let style = g.style
            guard style != "none" else { return [] }
            var lines: [(key: String, value: String, why: String)] = []
            let bodyPaging = method == .post ? requestBody : nil
            if let size = param(in: PagingGuess.sizeParams), let n = Int(size.value ?? ""), n > 0 {
                lines.append(("sizeParam", YAMLScalar.value(size.name), "from the request URL"))
                lines.append(("size", String(n), ""))
            } else if let variables = PagingGuess.bodyVariables(bodyPaging), variables.contains("first"),
                      case .object(let o)? = requestBody, case .object(let v)? = o["variables"], case .int(let n)? = v["first"] {
                lines.append(("sizeParam", "$.variables.first", "GraphQL: the page size is variables.first"))
                lines.append(("size", String(n), ""))
            } else if case .object(let o)? = bodyPaging, case .int(let n)? = o["size"] {
                lines.append(("sizeParam", "$.size", "the request body's size"))
                lines.append(("size", String(n), ""))
            } else if style == "offset", let size = find(PagingGuess.bodySizeKeys, Self.isInt) {
                let name = size.path.split(separator: ".").last.map(String.init) ?? "limit"
                lines.append(("sizeParam", YAMLScalar.value(name), "guess: the same name as in the body"))
                lines.append(("size", size.value.scalarText ?? "20", ""))
            }
            if style == "page", let pages = find(PagingGuess.totalPagesKeys, Self.isInt) {
                lines.append(("totalPages", YAMLScalar.value(pages.path), "\(pages.value.scalarText ?? "") in this response"))
            } else if style == "page", let header = PagingGuess.totalPagesHeaders.first(where: { header($0) != nil }) {
                lines.append(("totalPagesHeader", PagingGuess.canonicalHeader(header, in: headers), "a response header"))
            }
            // A count with a next link or cursor is often approximate: the walk ends by the link.
            if let total = find(PagingGuess.totalCountKeys, Self.isInt) {
                lines.append(("totalCount", YAMLScalar.value(total.path), "\(total.value.scalarText ?? "") in this response"))
            } else if let header = PagingGuess.totalCountHeaders.first(where: { header($0) != nil }) {
                lines.append(("totalCountHeader", PagingGuess.canonicalHeader(header, in: headers), "a response header"))
            }
            if let more = find(PagingGuess.hasMoreKeys, Self.isFlag) {
                lines.append(("hasMore", YAMLScalar.value(more.path), "a has-more flag"))
            } else if let path = lastItemFlag() {
                lines.append(("hasMore", YAMLScalar.value(path), "the last item carries the flag"))
            }
            if let last = find(PagingGuess.isLastKeys, Self.isFlag) {
                lines.append(("isLast", YAMLScalar.value(last.path), "an is-last flag"))
            }
            return lines
        }
    }
}
