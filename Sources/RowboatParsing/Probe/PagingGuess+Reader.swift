import Foundation
import RowboatSpec

extension PagingGuess {
    /// Reads one exchange for `candidates`, axis by axis: where the next
    /// page is named (a `Link` header, a next URL in another header or in
    /// the body, a continuation object), what token advances it and under
    /// which name it goes back (from the request's own inputs, the
    /// document's names, the name it came under, then the usual family),
    /// which page number or offset the request already sent (in the query,
    /// the JSON body, or a path segment), what the response's page and
    /// offset facts are named, and — only where nothing says — the usual
    /// families, in the order the size param suggests.
    struct Reader {
        let root: JSONValue
        let list: ListGuess?
        let headers: [(String, String)]
        let method: HTTPMethodName
        let requestBody: JSONValue?
        let requestURL: String
        /// What the request sent (and the document declares) that may page.
        let inputs: [PagingInput]
        /// The paging facts' JSON header (`X-Pagination`), when there is one.
        let factsHeader: (name: String, value: JSONValue)?
        /// The scalars the facts are looked for in: the header's, else the body's.
        let scalars: [([JSONPath.Step], JSONValue)]

        init(root: JSONValue, list: ListGuess?, headers: [(String, String)], requestURL: String, method: HTTPMethodName,
             requestBody: JSONValue?, declared: [String]) {
            self.root = root
            self.list = list
            self.headers = headers
            self.method = method
            self.requestBody = requestBody
            self.requestURL = requestURL
            inputs = PagingInput.all(url: requestURL, method: method, body: requestBody, declared: declared)
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

        /// The first input the request sent (query or body) that plays `role`.
        func sent(_ role: PagingNames.Role) -> PagingInput? {
            inputs.first { $0.place != .document && $0.role == role }
        }

        /// The inputs of `role` the document declares (not sent).
        func declared(_ role: PagingNames.Role) -> [PagingInput] {
            inputs.filter { $0.place == .document && $0.role == role }
        }

        func header(_ name: String) -> String? { headers.header(name) }

        /// A request's JSON body is where its paging values go (a POST with one).
        var bodyPlaced: Bool {
            if method != .post { return false }
            if case .object? = requestBody { return true }
            return false
        }

        /// `name` as a param of this request: beside the size param when
        /// there is one (`listOptions.continue`, `$.page_token`), else in
        /// the body of a POST, else in the query.
        func placed(_ name: String) -> String {
            if let size = sent(.size) { return PagingNames.sibling(name, of: size.name) }
            return bodyPlaced ? PagingInput.bodyName([.key(name)]) : name
        }

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

        /// The shallowest scalar whose key `accept`s and whose value `value` takes.
        func find(key accept: (String) -> Bool, _ value: (JSONValue) -> Bool) -> (path: String, value: JSONValue)? {
            scalars.filter { steps, v in
                guard case .key(let k)? = steps.last else { return false }
                return accept(k) && value(v)
            }.min { $0.0.count < $1.0.count }.map { (JSONPath(steps: $0.0).description, $0.1) }
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
        /// A whole number, given as one or as text.
        static func intOf(_ v: JSONValue) -> Int? {
            switch v {
            case .int(let i): Int(exactly: i)
            case .string(let s): Int(s)
            default: nil
            }
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
                if let size = sent(.size), size.place == .query, g.value("sizeParam") == YAMLScalar.value(size.name) {
                    g.consumedParams.insert(size.name)
                }
                if let header = factsHeader, g.lines.contains(where: { ["totalPages", "totalCount", "hasMore", "isLast",
                                                                         "nextCursor", "nextURL"].contains($0.key) }) {
                    g.lines.insert(("pagingHeader", YAMLScalar.value(header.name), "the paging facts are JSON in this header"), at: 1)
                }
                if !out.contains(where: { $0.lines.map(\.value) == g.lines.map(\.value) && $0.url == g.url }) { out.append(g) }
            }
            nextLinks().forEach(add)
            continuations().forEach(add)
            tokens().forEach(add)
            lastItemSorts().forEach(add)
            sentPositions().forEach(add)
            pathPages().forEach(add)
            firebase().forEach(add)
            pageFacts().forEach(add)
            moreFlags().forEach(add)
            if let pages = PagingGuess.totalPagesHeaders.first(where: { header($0) != nil }) {
                add(PagingGuess(lines: [("style", "page", "the \(PagingGuess.canonicalHeader(pages, in: headers)) header counts pages")]))
            }
            offsetFacts().forEach(add)
            families().forEach(add)
            out.append(PagingGuess(lines: [("style", "none", "no next link, cursor, page or total in the response")],
                                   notes: ["whether the endpoint pages at all: one page is all the draft asks for"]))
            return out
        }

        /// A `Link: rel="next"` header, a next URL in another header
        /// (`Next-Page`, `X-Next-Page-Url`), or one in the body (also HAL's
        /// and JSON:API's `_links.next.href`: a link object named next).
        func nextLinks() -> [PagingGuess] {
            var out: [PagingGuess] = []
            if let link = header("link"), LinkHeader.target(rel: "next", in: link) != nil {
                out.append(PagingGuess(lines: [("style", "link", "the Link header has rel=\"next\"")]))
            }
            for (name, value) in headers where name.lowercased().contains("next") && name.lowercased() != "link" {
                guard let url = PageDecoder.headerURL(value), PagingGuess.isURLText(url) else { continue }
                out.append(PagingGuess(lines: [("style", "nextURL", "the \(name) header holds the next page's URL"),
                                               ("nextURLHeader", YAMLScalar.value(name), "")]))
            }
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
                out.append(PagingGuess(lines: [("style", "nextURL", "\(path) holds the next page's URL\(relative ? " (relative)" : "")"),
                                               ("nextURL", YAMLScalar.value(path), "")]))
            }
            return out
        }

        /// A continuation object whose members all go back (MediaWiki).
        func continuations() -> [PagingGuess] {
            guard case .object(let o) = root else { return [] }
            return o.keys.sorted().compactMap { key in
                guard PagingGuess.continuationKeys.contains(key.lowercased()), case .object(let members) = o[key]!,
                      !members.isEmpty, members.values.allSatisfy({ $0.scalarText != nil }) else { return nil }
                let path = JSONPath(steps: [.key(key)]).description
                return PagingGuess(lines: [("style", "continuation", "every member of \(path) goes back as a param"),
                                           ("continuation", YAMLScalar.value(path), "")])
            }
        }

        /// Elasticsearch: the last hit's sort values go back as search_after.
        func lastItemSorts() -> [PagingGuess] {
            guard let list, !list.keyed, !list.path.hasWildcard, method == .post,
                  case .object(let last)? = list.sample.last, case .array? = last["sort"] else { return [] }
            return [PagingGuess(lines: [("style", "cursor", "the hits carry sort values: search_after"),
                                        ("lastItemCursor", "sort", ""), ("cursorFormat", "json", "sent as the JSON array"),
                                        ("cursorParam", "$.search_after", "")])]
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
            if let size = sent(.size), let n = size.text.flatMap(Int.init), n > 0 {
                let why = size.place == .body ? "the request body's \(size.name.dropFirst(2))" : "from the request URL"
                lines.append(("sizeParam", size.name.hasPrefix("$") ? size.name : YAMLScalar.value(size.name), why))
                lines.append(("size", String(n), ""))
            } else if style == "offset", let size = find(PagingGuess.bodySizeKeys, Self.isInt) {
                let name = placed(size.path.split(separator: ".").last.map(String.init) ?? "limit")
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
