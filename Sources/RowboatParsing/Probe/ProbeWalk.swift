import RowboatSpec
/// Judges one paging guess while the probe walks it page by page: every
/// page after the first must bring items not seen before (a page that
/// repeats the first one sinks the guess), the cursor or next URL must
/// change, and the walk must end where the server says — or, in the page
/// and offset styles, where a server that clamps a page past the end
/// answers with the last page again. Pure: the probe does the fetching.
public struct ProbeWalk: Sendable {
    /// What a page means for the guess.
    public enum Verdict: Sendable, Equatable {
        /// Holds so far; the next page to fetch.
        case goesOn(PageCursor)
        /// Holds: the data ended here, for this reason.
        case ended(String)
        /// Does not hold, for this reason.
        case failed(String)
    }

    public let paging: Paging
    /// The endpoint maps an id (else items are told apart by their values).
    let hasIDs: Bool
    var first: Set<String> = []
    var seen: Set<String> = []
    var trail = CursorTrail()
    /// Pages judged, the first included.
    public private(set) var pages = 0
    /// Items after the first page that were not seen before.
    public private(set) var newItems = 0
    public private(set) var emptyPages = 0
    /// How the data ended, once it has.
    public private(set) var end: String?

    public init(paging: Paging, hasIDs: Bool) {
        self.paging = paging
        self.hasIDs = hasIDs
    }

    /// The first page's verdict.
    public mutating func start(_ page: PageResult) -> Verdict {
        let cursor = PagingPlan(paging: paging).first
        pages = 1
        let prints = fingerprints(page)
        first = Set(prints)
        seen = first
        trail.insert(cursor)
        return advance(after: cursor, page: page)
    }

    /// The verdict on the next page, fetched with `cursor`.
    public mutating func add(_ page: PageResult, from cursor: PageCursor) -> Verdict {
        pages += 1
        let prints = fingerprints(page)
        let fresh = prints.filter { !seen.contains($0) }
        if page.items.isEmpty { emptyPages += 1 }
        if !prints.isEmpty, fresh.isEmpty {
            if prints.allSatisfy(first.contains) && (pages == 2 || Set(prints).count >= first.count) {
                return .failed("page \(pages) repeated the first page")
            }
            switch paging.style {
            case .pageNumber, .offset:
                end = "page \(pages) repeated the last page (the server answers past the end with the last page)"
                return .ended(end!)
            default:
                break
            }
        }
        newItems += Set(fresh).count
        seen.formUnion(prints)
        trail.insert(cursor)
        if !prints.isEmpty, fresh.isEmpty {
            // A cursor that moved but brought nothing new ends here or fails.
            if case .ended(let why) = advance(after: cursor, page: page) { return .ended(why) }
            return .failed("page \(pages) brought nothing new")
        }
        return advance(after: cursor, page: page)
    }

    /// The next cursor after `page`, or why there is none.
    mutating func advance(after cursor: PageCursor, page: PageResult) -> Verdict {
        guard let next = PagingPlan(paging: paging).next(after: cursor, page: page.facts, loadedCount: seen.count) else {
            end = Self.endReason(paging, page: page.facts, cursor: cursor, loaded: seen.count)
            return .ended(end!)
        }
        if trail.contains(next) { return .failed("page \(pages) named a page already fetched as the next (a paging loop)") }
        return .goesOn(next)
    }

    /// One line for the draft: what the walk showed.
    public var summary: String {
        var parts = ["walked \(pages) page\(pages == 1 ? "" : "s")"]
        if pages > 1 {
            parts[0] += ": \(newItems) new \(hasIDs ? "ids" : "items") after the first page"
            switch paging.style {
            case .cursor, .lastID, .continuation: parts.append("the cursor changed each time")
            case .nextURL, .nextURLHeader, .link: parts.append("the next URL changed each time")
            case .pageNumber: parts.append("page numbers went up")
            case .offset: parts.append("the offset went up")
            case .none: break
            }
            if emptyPages > 0 { parts.append("\(emptyPages) empty page\(emptyPages == 1 ? "" : "s") on the way") }
        }
        parts.append(end.map { "the end: \($0)" } ?? "the end not reached")
        return parts.joined(separator: ", ")
    }

    /// Ids (or, without an id field, the mapped values) of a page's items.
    func fingerprints(_ page: PageResult) -> [String] {
        page.items.map { item in
            hasIDs ? item.id : zip(item.values.names, item.values.values).map { "\($0)=\($1)" }.joined(separator: "\u{1F}")
        }
    }

    /// Which rule ended the data after `page`.
    static func endReason(_ paging: Paging, page: PageFacts, cursor: PageCursor, loaded: Int) -> String {
        if page.hasMore == false {
            return paging.isLastPath != nil && paging.hasMorePath == nil ? "the is-last flag" : "has-more false"
        }
        if page.itemCount == 0 && paging.endsOnEmptyPage { return "an empty page" }
        if case .pageNumber(_, let firstNumber) = paging.style, let total = page.totalPages {
            var number = firstNumber
            if case .page(let n) = cursor { number = n }
            if number - firstNumber + 1 >= total { return "the last of \(total) page\(total == 1 ? "" : "s")" }
        }
        if let total = page.totalCount, loaded >= total { return "all \(total) items of the total" }
        switch paging.style {
        case .none: return "one page"
        case .cursor, .lastID: return page.nextToken == nil && page.lastItemID == nil ? "no next cursor" : "the same cursor again"
        case .continuation: return "no continuation"
        case .nextURL, .nextURLHeader, .link: return page.nextURL == nil ? "no next link" : "the same next link again"
        case .pageNumber, .offset: return "an empty page"
        }
    }
}

/// What a probe checked of the draft it writes: the walk of the guess it
/// kept, the guesses it dropped and why, and what it could not check.
public struct ProbeCheck: Sendable, Equatable {
    /// The kept guess's walk (`ProbeWalk.summary`); nil when it was not walked.
    public var walked: String?
    /// Guesses tried and dropped, each with the reason.
    public var dropped: [String]
    /// What could not be checked (the request limit came first, the server
    /// asked to wait longer than the probe may).
    public var unverified: [String]
    /// Requests sent after the first.
    public var requests: Int
    /// Pages the kept guess's walk read, the first included.
    public var pages = 0

    public init(walked: String? = nil, dropped: [String] = [], unverified: [String] = [], requests: Int = 0) {
        self.walked = walked
        self.dropped = dropped
        self.unverified = unverified
        self.requests = requests
    }
}
