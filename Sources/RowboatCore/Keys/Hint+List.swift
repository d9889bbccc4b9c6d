import RowboatSpec

/// The list's footer lines as `Hint`s: the list says what stopped it
/// (`FooterState`, `ListHalt`), the keys' side says what to press (so the
/// list's folder does not reach back into the key map).
extension FooterState {
    /// What the line says, keys named when it is drawn (`Hint`).
    public var hint: Hint {
        switch self {
        case .hidden: ""
        case .loadMore: Hint([.text("load more"), Hint.key(.loadMore, " (%k)")])
        case .loadingMore: "loading more…"
        case .noMoreItems: "no more items"
        case .failed: Hint([.text("failed"), Hint.key(.refresh, " — %k to retry")])
        case .pullArmed: "↓ pull to refresh — press again"
        case .halted(let halt): halt.footerHint
        }
    }
}

extension ListHalt {
    /// The footer line (keys named when drawn: `Hint`).
    public var footerHint: Hint {
        switch self {
        case .loop(let noun): Hint("stopped: " + WalkStop.loopReason(noun: noun))
        case .pageCap(let pages): Hint(WalkStop.capNotice(pages))
        case .noNewItems: Hint([.text("the last page added nothing new"), Hint.key(.loadMore, " — %k loads more")])
        case .autoLimit: Hint([.text("paused after three screens loaded by themselves"), Hint.key(.loadMore, " — %k loads more")])
        case .endOfCache: "end of the cached pages"
        case .offlineEnd: Hint([.text("offline: the next page is not cached"), Hint.key(.loadMore, " — %k asks the server again")])
        }
    }
}
