import Foundation
import RowboatSpec

/// The totals a walk's pages state under any name — a count of items
/// (`total_size`, `numFound`, `totalHits`, `total_entries`, a header's
/// `Content-Range: 0-19/47`) or of pages (`page_count`, `last_page`) —
/// judged against what the walk itself saw: a total is written only when
/// every page walked says the same number and it agrees with the walk (as
/// many distinct items, or pages, as the walk found when it ended; more
/// than it found when the request limit came first). A count that changes
/// from page to page (a page's own count) or disagrees is left out.
public enum PagingTotals {
    /// One page of the walk as it came: its headers and body.
    public struct Page: Sendable {
        public var headers: [(String, String)]
        public var body: [UInt8]

        public init(headers: [(String, String)], body: [UInt8]) {
            self.headers = headers
            self.body = body
        }
    }

    /// A number a page states, and where.
    struct Found: Equatable {
        /// `totalCount`, `totalPages`, `totalCountHeader` or `totalPagesHeader`.
        var key: String
        /// The body path or the header's name.
        var location: String
        var value: Int
    }

    /// `paging:` lines for the totals that agree with a walk of `pages`
    /// (in order, the first included, none past the end): it found
    /// `distinct` items in `walked` pages and `ended` or not. `style` is the
    /// walked style (page totals only count for `page`); keys the guess
    /// already has are left out.
    public static func agreeing(_ pages: [Page], listPath: JSONPath, style: String, distinct: Int, walked: Int,
                                ended: Bool, firstPageItems: Int, has keys: Set<String>) -> [(key: String, value: String, why: String)] {
        guard let first = pages.first else { return [] }
        var out: [(key: String, value: String, why: String)] = []
        let later = pages.dropFirst().map { found(in: $0, listPath: listPath) }
        for candidate in found(in: first, listPath: listPath) where !keys.contains(candidate.key) {
            guard later.allSatisfy({ $0.contains(candidate) }) else { continue }
            let counts = candidate.key.hasPrefix("totalCount")
            if !counts, style != "page" { continue }
            // The kind (count or pages) is taken once: the first that agrees.
            if out.contains(where: { $0.key.hasPrefix(counts ? "totalCount" : "totalPages") }) { continue }
            let walkedNumber = counts ? distinct : walked
            let agrees = ended ? candidate.value == walkedNumber
                : candidate.value > walkedNumber && (!counts || candidate.value > firstPageItems)
            guard agrees else { continue }
            let noun = counts ? "items" : "pages"
            let why = ended ? "\(candidate.value) on every page: agrees with the \(walkedNumber) \(noun) walked"
                : "\(candidate.value) on every page, more than the \(walkedNumber) \(noun) walked (the end not reached)"
            out.append((candidate.key, YAMLScalar.value(candidate.location), why))
        }
        return out
    }

    /// Every count a page states: ints outside the list under a total's
    /// name (4 levels deep), and headers that count items or pages.
    static func found(in page: Page, listPath: JSONPath) -> [Found] {
        var out: [Found] = []
        let root = (try? JSONTape.withDocument(ResponseFraming.strippingPrefix(page.body)) { (node: JSONTapeNode) throws(Never) in
            ProbeDraft.outline(node, depth: 0)
        }) ?? .null
        for (steps, value) in PagingGuess.scalarPaths(in: root, excluding: listPath) {
            guard case .key(let key)? = steps.last, let n = PagingGuess.Reader.intOf(value), n >= 0 else { continue }
            let path = JSONPath(steps: steps).description
            if PagingNames.isTotalPagesKey(key) {
                out.append(Found(key: "totalPages", location: path, value: n))
            } else if PagingNames.isTotalCountKey(key) {
                out.append(Found(key: "totalCount", location: path, value: n))
            }
        }
        for (name, value) in page.headers {
            let lower = name.lowercased()
            guard let n = PageDecoder.headerCount(value), n >= 0 else { continue }
            if lower.contains("page") && (lower.contains("total") || lower.contains("count")) && !lower.contains("per")
                || lower == "x-pages" {
                out.append(Found(key: "totalPagesHeader", location: name, value: n))
            } else if lower == "content-range" || (lower.contains("total") || lower.hasSuffix("-count"))
                        && !lower.contains("page") && !lower.contains("item-count") {
                out.append(Found(key: "totalCountHeader", location: name, value: n))
            }
        }
        return out
    }
}
