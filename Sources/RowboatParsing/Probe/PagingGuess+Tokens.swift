import Foundation
import RowboatSpec

/// The token axis of the paging search: a token that advances the walk,
/// found in the body under any token-like name or in a response header,
/// and the names it may go back under (`PagingNames.tokenParams`), in the
/// query, the JSON body or a request header.
extension PagingGuess.Reader {
    /// Tokens that advance the walk: in the body under a token-like
    /// name (`next_cursor`, `metadata.continue`, `next_page_token`,
    /// Matrix's `end`), or in a response header (`x-ms-continuation`);
    /// an empty one says one page holds it all and names the key.
    func tokens() -> [PagingGuess] {
        var out: [PagingGuess] = []
        let known = find(PagingGuess.cursorKeys, Self.isCursor)
        var other = find(key: PagingNames.isTokenKey, Self.isCursor)
        // (A number under `next_page` is a page number: the page facts take it.)
        if let o = other, case .int = o.value, PagingNames.lastSegment(o.path).lowercased().hasSuffix("page") { other = nil }
        for cursor in [known, other].compactMap({ $0 }) where !out.contains(where: { $0.value("nextCursor") == YAMLScalar.value(cursor.path) }) {
            out += cursorGuesses(cursor)
        }
        if out.isEmpty, let empty = find(PagingGuess.cursorKeys.filter { $0 != "next" }, Self.isEmptyCursor) {
            // A cursor key that is empty here: one page holds it all, and the same key would carry the cursor (Slack).
            out += cursorGuesses(empty).prefix(1)
        }
        for (name, value) in headers {
            let lower = name.lowercased()
            guard !["link", "content-type", "set-cookie", "etag", "x-request-id"].contains(lower),
                  !lower.contains("csrf"), !lower.contains("xsrf"),
                  lower.contains("continu") || lower.contains("cursor") || lower.contains("token") || lower.contains("next"),
                  !value.isEmpty, !value.hasPrefix("{"), !PagingGuess.isURLText(value), PageDecoder.headerURL(value) == nil
                    || !PagingGuess.isURLText(PageDecoder.headerURL(value)!), Int(value) == nil else { continue }
            for param in ["header:" + name] + PagingNames.tokenParams(for: name).prefix(1).map(placed) {
                out.append(PagingGuess(lines: [("style", "cursor", "the \(name) header holds the next page's token"),
                                               ("nextCursorHeader", YAMLScalar.value(name), ""),
                                               ("cursorParam", YAMLScalar.value(param),
                                                param.hasPrefix("header:") ? "sent back in the same header" : "guess")],
                                       notes: param.hasPrefix("header:") ? [] : ["how the token goes back (guessed \(param))"]))
            }
        }
        return out
    }

    /// The guesses for a cursor found at `cursor`: the param the request
    /// sent or the document declares, else the names a token under that
    /// key most often goes back under; an already percent-encoded cursor
    /// first with `cursorFormat: encoded`.
    func cursorGuesses(_ cursor: (path: String, value: JSONValue)) -> [PagingGuess] {
        let key = PagingNames.lastSegment(cursor.path)
        var params: [(name: String, why: String, guessed: Bool)] = []
        if let sent = sent(.cursor) {
            params = [(sent.name, "the request sends it", false)]
        } else {
            params = declared(.cursor).prefix(2).map { ($0.name, "the document names it", false) }
            params += PagingNames.tokenParams(for: key).map(placed).prefix(3).map {
                ($0, "guess: the name a \(key) most often goes back under", true)
            }
            var seen = Set<String>()
            params = params.filter { seen.insert($0.name).inserted }.prefix(3).map { $0 }
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
                if let sent = sent(.cursor), sent.name == p.name, sent.place == .query { g.consumedParams.insert(sent.name) }
                out.append(g)
            }
        }
        return out
    }
}
