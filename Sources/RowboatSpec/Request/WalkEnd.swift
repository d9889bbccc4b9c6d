/// Why the data of a walk over pages ended: the paging rule that said so
/// (`PagingPlan.step`), in the words the probe's draft, `fetch` and the
/// list all use.
public enum WalkEnd: Sendable, Equatable, CustomStringConvertible {
    /// A has-more flag said false.
    case hasMoreFalse
    /// An is-last flag said true.
    case isLast
    /// The page held no items.
    case emptyPage
    /// The page held fewer items than a full one (`endOnShortPage`).
    case shortPage(items: Int, full: Int)
    /// The page was the last of the total pages.
    case lastOfPages(Int)
    /// As many distinct items as the total count are loaded.
    case totalCount(Int)
    /// The page held only items already seen (page and offset styles: a
    /// server that answers a page past the end with the last one again).
    case repeatedPage
    /// A page past the end answered with one of `paging.endOnStatus`.
    case pastEndStatus(Int)
    /// A page past the end answered without the list (`paging.endOnMissingList`).
    case pastEndNoList
    /// No next cursor (or no last item to continue from).
    case noNextCursor
    /// The same cursor again.
    case sameCursor
    /// No continuation object.
    case noContinuation
    /// No next link.
    case noNextLink
    /// The same next link again.
    case sameNextLink
    /// The endpoint does not page.
    case onePage

    public var description: String {
        switch self {
        case .hasMoreFalse: "has-more false"
        case .isLast: "the is-last flag"
        case .emptyPage: "an empty page"
        case .shortPage(let items, let full): "a short page (\(items) of \(full) items)"
        case .lastOfPages(let total): "the last of \(total) page\(total == 1 ? "" : "s")"
        case .totalCount(let total): "all \(total) items of the total"
        case .repeatedPage: "a page of items already seen (the server answers past the end with the last page)"
        case .pastEndStatus(let status): "HTTP \(status) past the last page"
        case .pastEndNoList: "a page without the list past the last page"
        case .noNextCursor: "no next cursor"
        case .sameCursor: "the same cursor again"
        case .noContinuation: "no continuation"
        case .noNextLink: "no next link"
        case .sameNextLink: "the same next link again"
        case .onePage: "one page"
        }
    }
}

/// Why a walk over pages stopped before the data ended: a paging loop or
/// the page cap. The one text for the list's footer, `fetch`'s notice and
/// the probe's verdict.
public enum WalkStop: Sendable, Equatable {
    /// The server named, as the next page, a cursor or URL the walk had followed.
    case loop(PageCursor)
    /// The walk reached its cap of pages.
    case pageCap(Int)

    /// `the server sent a cursor it had sent before (a paging loop)`.
    public static func loopReason(noun: String) -> String {
        "the server sent a \(noun) it had sent before (a paging loop)"
    }

    /// `stopped after 3 pages (paging.maxPages)`.
    public static func capNotice(_ pages: Int) -> String {
        "stopped after \(pages) pages (paging.maxPages)"
    }

    /// The one-line notice after `pages` pages.
    public func notice(pages: Int) -> String {
        switch self {
        case .loop(let cursor): "stopped after \(pages) pages: " + Self.loopReason(noun: CursorTrail.noun(for: cursor))
        case .pageCap(let cap): Self.capNotice(cap)
        }
    }
}
