import RowboatSpec
/// Judges one paging guess while the probe walks it page by page, by the
/// walk's own rules (`PageWalk`: the end, a page of repeats, a loop, as
/// the list and `fetch` have them) and the probe's: every page after the
/// first must bring items not seen before (a page that repeats the first
/// one sinks the guess: the server ignored how it was asked), and a loop
/// sinks it too. Pure: the probe does the fetching.
public struct ProbeWalk: Sendable {
    /// What a page means for the guess.
    public enum Verdict: Sendable, Equatable {
        /// Holds so far; the next page to fetch.
        case goesOn(PageCursor)
        /// Holds: the data ended here, for this reason.
        case ended(WalkEnd)
        /// Does not hold, for this reason.
        case failed(String)
    }

    public let paging: Paging
    /// The rules walked: `paging`, less its totals once they were set aside.
    var effective: Paging
    /// The endpoint maps an id (else items are told apart by their values).
    let hasIDs: Bool
    /// A total said "the end" where the walk could not take its word (on a
    /// full first page, or with more items than it counts): the walk went
    /// on without the totals, and they are written only if they agree.
    public private(set) var totalsSetAside = false
    var first: Set<String> = []
    var seen: Set<String> = []
    var walk = PageWalk()
    /// Pages judged, the first included (a page of repeats that ended the data too).
    public private(set) var pages = 0
    /// Items after the first page that were not seen before.
    public private(set) var newItems = 0
    public private(set) var emptyPages = 0
    /// How the data ended, once it has.
    public private(set) var end: WalkEnd?
    /// Items whose id was seen before with other values: the id is not unique.
    public private(set) var idCollisions = 0
    /// Each id's values, to tell a repeat from another item under the same id.
    var valuesByID: [String: String] = [:]

    public init(paging: Paging, hasIDs: Bool) {
        self.paging = paging
        effective = paging
        self.hasIDs = hasIDs
    }

    /// Distinct items seen in all.
    public var distinctItems: Int { seen.count }

    /// The first page's verdict.
    public mutating func start(_ page: PageResult) -> Verdict {
        let cursor = PagingPlan(paging: paging).first
        walk = PageWalk(from: cursor)
        pages = 1
        noteValues(page)
        let prints = fingerprints(page)
        first = Set(prints)
        seen = first
        return judge(walk.land(page.facts, from: cursor, paging: effective, loaded: seen.count, fresh: seen.count, cap: .max),
                     page: page, from: cursor, fresh: seen.count)
    }

    /// The verdict on the next page, fetched with `cursor`.
    public mutating func add(_ page: PageResult, from cursor: PageCursor) -> Verdict {
        if let why = page.facts.pastEnd { return pastTheEnd(why) }
        pages += 1
        noteValues(page)
        if idCollisions > 0 { return .failed("page \(pages) has items under ids seen before with other values (the id is not unique)") }
        let prints = fingerprints(page)
        let fresh = Set(prints.filter { !seen.contains($0) })
        if page.items.isEmpty { emptyPages += 1 }
        if !prints.isEmpty, fresh.isEmpty, prints.allSatisfy(first.contains),
           pages == 2 || Set(prints).count >= first.count {
            return .failed("page \(pages) repeated the first page")
        }
        newItems += fresh.count
        seen.formUnion(fresh)
        return judge(walk.land(page.facts, from: cursor, paging: effective, loaded: seen.count, fresh: fresh.count, cap: .max),
                     page: page, from: cursor, fresh: fresh.count)
    }

    /// The page after the last was past the end (an error status, or no
    /// list): the data ended, that page not counted.
    public mutating func pastTheEnd(_ why: WalkEnd) -> Verdict {
        end = why
        return .ended(why)
    }

    /// The verdict of the walk's step after a page.
    mutating func judge(_ step: PageWalk.Step, page: PageResult, from cursor: PageCursor, fresh: Int) -> Verdict {
        if case .end(let why) = step, doubts(why, page: page) {
            // Walk on without the totals: the next page tells whether they were right.
            totalsSetAside = true
            effective.totalCountPath = nil
            effective.totalPagesPath = nil
            effective.totalCountHeader = nil
            effective.totalPagesHeader = nil
            var facts = page.facts
            facts.totalCount = nil
            facts.totalPages = nil
            let next = PagingPlan(paging: effective).step(after: cursor, page: facts, loadedCount: seen.count)
            switch next {
            case .end(let why): return judge(.end(why), page: page, from: cursor, fresh: fresh)
            case .next(let n) where walk.trail.contains(n): return judge(.stop(.loop(n)), page: page, from: cursor, fresh: fresh)
            case .next(let n): return judge(.next(n), page: page, from: cursor, fresh: fresh)
            }
        }
        switch step {
        case .end(let why):
            end = why
            return .ended(why)
        case .stop(.loop(let next)):
            return .failed("page \(pages): " + WalkStop.loopReason(noun: CursorTrail.noun(for: next)))
        case .stop(.pageCap):
            return .failed("page \(pages): the page cap")
        case .next(let next):
            // A cursor that moved but brought nothing new fails (an empty page may go on: Slack).
            if !page.items.isEmpty, walk.broughtNothingNew(fresh: fresh) {
                return .failed("page \(pages) brought nothing new")
            }
            return .goesOn(next)
        }
    }

    /// True when a total ends the walk where its word is not enough: it
    /// counts fewer items than the walk found, or it ends a full first page.
    func doubts(_ end: WalkEnd, page: PageResult) -> Bool {
        let short = paging.size.map { page.facts.itemCount < $0 } ?? false
        switch end {
        case .totalCount(let total): return seen.count != total || (pages == 1 && !short)
        case .lastOfPages: return pages == 1 && !short
        default: return false
        }
    }

    /// One line for the draft: what the walk showed; `place` says where the
    /// position went (`the query's page`, `the body's page_token`).
    public func summary(place: String? = nil) -> String {
        var parts = ["walked \(pages) page\(pages == 1 ? "" : "s")" + (place.map { " in \($0)" } ?? "")]
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

    /// Counts items whose id was seen before with other values.
    mutating func noteValues(_ page: PageResult) {
        guard hasIDs else { return }
        for item in page.items {
            let values = item.values.values.map { "\($0)" }.joined(separator: "\u{1F}")
            if let before = valuesByID[item.id] {
                if before != values { idCollisions += 1 }
            } else {
                valuesByID[item.id] = values
            }
        }
    }

    /// Ids (or, without an id field, the mapped values) of a page's items.
    func fingerprints(_ page: PageResult) -> [String] {
        page.items.map { item in
            hasIDs ? item.id : zip(item.values.names, item.values.values).map { "\($0)=\($1)" }.joined(separator: "\u{1F}")
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
