import Foundation
import RowboatSpec

/// The page-number and offset axes of the paging search: what the request
/// already sent (in its query, its JSON body, a path segment), what the
/// response's page and offset facts are named, a has-more flag's position,
/// and — only where nothing says — the usual families in the order the
/// size param suggests.
extension PagingGuess.Reader {
    /// A page number or an offset the request already sent, in its
    /// query or its JSON body.
    func sentPositions() -> [PagingGuess] {
        var out: [PagingGuess] = []
        for input in inputs where input.place != .document {
            let at = input.place == .body ? "the request body has" : "the request URL has"
            switch input.role {
            case .page?:
                var lines: [(key: String, value: String, why: String)] = [("style", "page", "\(at) \(input.name)=\(input.text ?? "")")]
                if input.name != "page" { lines.append(("param", YAMLScalar.value(input.name), "")) }
                if input.text == "0" { lines.append(("firstPage", "0", "")) }
                out.append(PagingGuess(lines: lines, consumedParams: input.place == .query ? [input.name] : []))
            case .offset? where input.text.flatMap(Int.init) != nil:
                out.append(PagingGuess(lines: [("style", "offset", "\(at) \(input.name)=\(input.text ?? "")"),
                                               ("offsetParam", YAMLScalar.value(input.name), "")],
                                       consumedParams: input.place == .query ? [input.name] : []))
            default:
                continue
            }
        }
        return out
    }

    /// A page number in the path (`/archive/page/1.json`): the number
    /// becomes `{page}` in the url.
    func pathPages() -> [PagingGuess] {
        guard let components = URLComponents(string: requestURL) else { return [] }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = segments.indices.last(where: { i in
            let digits = segments[i].prefix { $0.isNumber }
            return !digits.isEmpty && ["0", "1"].contains(String(digits)) && !segments[i].dropFirst(digits.count).contains(where: \.isNumber)
        }) else { return [] }
        let segment = segments[index]
        let number = String(segment.prefix { $0.isNumber })
        let name = inputs.contains { $0.name == "page" } ? "path_page" : "page"
        var template = segments
        template[index] = Substring("{\(name)}" + segment.dropFirst(number.count))
        let url = template.joined(separator: "/")
        var lines: [(key: String, value: String, why: String)] = [("style", "page", "the path has page \(number) in it: {\(name)} in the url")]
        if name != "page" { lines.append(("param", name, "")) }
        if number == "0" { lines.append(("firstPage", "0", "")) }
        return [PagingGuess(lines: lines, notes: [], url: url.removingPercentEncoding ?? url)]
    }

    /// Firebase: limitToFirst with an orderBy; the next page starts at the last key.
    func firebase() -> [PagingGuess] {
        guard let list, list.keyed, inputs.contains(where: { $0.name.lowercased() == "limittofirst" }),
              inputs.contains(where: { $0.name.lowercased() == "orderby" }) else { return [] }
        return [PagingGuess(lines: [("style", "lastId", "the request URL has limitToFirst and orderBy (Firebase)"),
                                    ("cursorParam", "startAt", "the next page starts at the last key"),
                                    ("cursorFormat", "json", "sent as a JSON string")])]
    }

    /// Page fields in the body (or the facts header): the param is most
    /// often `page`, else named as the field is, else `pageNumber`.
    func pageFacts() -> [PagingGuess] {
        let pageField = find(PagingGuess.pageKeys, Self.isInt)
        guard pageField != nil || find(PagingGuess.totalPagesKeys, Self.isInt) != nil
                || find(key: PagingNames.isTotalPagesKey, Self.isInt) != nil else { return [] }
        let first = pageField?.value.scalarText == "0"
        let why = pageField.map { "the \(factsHeader == nil ? "body" : "header") has \($0.path)=\($0.value.scalarText ?? "")" }
            ?? "the \(factsHeader == nil ? "body" : "header") counts pages"
        var names = declared(.page).map(\.name) + ["page"]
        let parts = pageField?.path.split(separator: ".").map(String.init) ?? []
        if let key = parts.last, key.lowercased() != "page" {
            if ["pagenumber", "page_number", "pageindex", "page_index", "current_page"].contains(key.lowercased()) { names.append(key) }
            names.append(key.contains("_") ? "page_number" : "pageNumber")
        }
        // Strapi's meta.pagination.page goes back as pagination[page].
        if parts.count >= 2, parts[parts.count - 2].lowercased() == "pagination" {
            names.append("pagination[\(parts[parts.count - 1])]")
        }
        var seen = Set<String>()
        return names.map(placed).filter { seen.insert($0).inserted }.map { name in
            var lines: [(key: String, value: String, why: String)] = [("style", "page", why)]
            if name != "page" { lines.append(("param", YAMLScalar.value(name), "guess: named after the page field")) }
            if first { lines.append(("firstPage", "0", "")) }
            return PagingGuess(lines: lines, notes: ["the name of the page param (guessed \"\(name)\")"])
        }
    }

    /// has_more and no cursor: the last id goes back (Stripe's starting_after);
    /// a flag on the last item (Gerrit's _more_changes) goes with an offset.
    func moreFlags() -> [PagingGuess] {
        let flag = find(PagingGuess.hasMoreKeys, Self.isFlag) != nil
        guard flag || lastItemFlag() != nil, let list, !list.keyed else { return [] }
        if let sent = sent(.cursor) {
            return [PagingGuess(lines: [("style", "lastId", "a has-more flag, and the request sends \(sent.name)"),
                                        ("cursorParam", YAMLScalar.value(sent.name), "")],
                                consumedParams: sent.place == .query ? [sent.name] : [])]
        }
        if !flag, sent(.offset) == nil {
            return ["start", "offset"].map(placed).map { name in
                PagingGuess(lines: [("style", "offset", "the last item's has-more flag: an offset brings the rest"),
                                    ("offsetParam", YAMLScalar.value(name), "guess: the param that skips items")],
                            notes: ["the name of the offset param (guessed \"\(name)\")"])
            }
        }
        guard flag else { return [] }
        return (declared(.cursor).map(\.name) + ["starting_after", "after"]).map(placed).map { name in
            PagingGuess(lines: [("style", "lastId", "a has-more flag and no cursor: the last id goes back"),
                                ("cursorParam", YAMLScalar.value(name), "guess: the param that takes the last id")],
                        notes: ["the name of the param that takes the last item's id (guessed \"\(name)\")"])
        }
    }

    /// An offset the body reports (Solr's `response.start`, `offset`):
    /// sent back under the same name.
    func offsetFacts() -> [PagingGuess] {
        guard let offset = find(PagingGuess.bodyOffsetKeys, Self.isInt) else { return [] }
        let name = placed(offset.path.split(separator: ".").last.map(String.init) ?? "offset")
        return [PagingGuess(lines: [("style", "offset", "the body has \(offset.path)=\(offset.value.scalarText ?? "")"),
                                    ("offsetParam", YAMLScalar.value(name), "guess: the same name as in the body")])]
    }

    /// Nothing says how: the names the document declares, then the
    /// usual pair of the size param (`limit` → `offset`, `per_page` →
    /// `page`, `$top` → `$skip`); and a newest-first list continued
    /// from the last item's time (Lichess's `until`).
    func families() -> [PagingGuess] {
        guard let list, list.count >= 2, !list.keyed, method == .get || bodyPlaced else { return [] }
        var out: [PagingGuess] = []
        var tried: [(role: PagingNames.Role, name: String)] = declared(.page).map { (.page, $0.name) }
            + declared(.offset).map { (.offset, $0.name) }
        tried += (sent(.size).map { PagingNames.partners(ofSize: $0.name) } ?? [(.page, "page"), (.offset, "offset")])
            .map { ($0.role, placed($0.name)) }
        var seen = Set<String>()
        for (role, name) in tried where seen.insert(name).inserted {
            switch role {
            case .page:
                var lines: [(key: String, value: String, why: String)] = [("style", "page", "guess: a \(name)=2 brings the next items")]
                if name != "page" { lines.append(("param", YAMLScalar.value(name), "")) }
                out.append(PagingGuess(lines: lines, notes: ["how the next page is asked for (guessed a \"\(name)\" param)"],
                                       fallback: true))
            case .offset:
                out.append(PagingGuess(lines: [("style", "offset", "guess: an \(name) param brings the next items"),
                                               ("offsetParam", YAMLScalar.value(name), "")],
                                       notes: ["how the next page is asked for (guessed an \"\(name)\" param)"], fallback: true))
            default:
                continue
            }
        }
        if case .object(let last)? = list.sample.last, !list.path.hasWildcard, method == .get,
           let time = PagingGuess.timeKeys.first(where: { key in last[key].map(Self.isInt) ?? false }) {
            for name in ["until", "before"] {
                out.append(PagingGuess(lines: [("style", "cursor", "guess: the last item's \(time) asks for older items"),
                                               ("lastItemCursor", YAMLScalar.value(time), ""), ("cursorParam", name, "")],
                                       notes: ["how the next page is asked for (guessed \(name)=the last item's \(time))"],
                                       fallback: true))
            }
        }
        return out
    }
}
