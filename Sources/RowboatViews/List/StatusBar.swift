import RowboatCore
import RowboatSpec
import RowboatCells

/// The bottom line: endpoint ("guessed" after it when the config was
/// guessed from a URL), loaded/total, page, state on the left; on the
/// right "offline · cached 12 min ago", the last error, "cached 12 min ago"
/// or "updated 2 min ago".
public struct StatusBar: CellView {
    public var theme: Theme
    public var keyMap: KeyMap
    /// The clock, for "updated 2 min ago" and what is new.
    public var now: Double
    /// The spinner's frame, while the list loads.
    public var spinner: Character

    public init(theme: Theme, keyMap: KeyMap = .default, now: Double, spinner: Character) {
        self.theme = theme
        self.keyMap = keyMap
        self.now = now
        self.spinner = spinner
    }

    /// Draws the status of `state`'s list on `line` (the layout's status row).
    public func render(_ state: AppState, in line: Rect, into grid: inout CellGrid) {
        let y = line.y
        grid.fill(x: line.x, y: y, count: line.width, style: theme.status)
        let list = state.list
        typealias Segment = StatusLineFit.Segment
        // What matters most stays longest when the line is narrow: the endpoint,
        // the count, an error, the state and marks, notices and what runs, what
        // is in force, then the page, what is new, and when it was updated.
        var parts = [Segment(state.endpointKey, rank: 10)]
        if let view = state.viewStatus { parts.append(Segment(view, rank: 7)) }
        parts += state.query.summary.map { Segment($0, rank: 6) }
        if state.guessed != nil {
            parts.append(Segment(Hint([.text("guessed config"), Hint.key(.help, " (%k: how)")]).text(in: keyMap), rank: 7))
        }
        parts.append(Segment("\(list.rows.count)/\(list.knownTotal.map(String.init) ?? "?")", rank: 9))
        if let own = state.programStatus, !own.isEmpty { parts.append(Segment(own, rank: 8)) }
        if list.pagesLoaded > 0 {
            parts.append(Segment("page \(list.pagesLoaded)" + (list.totalPages.map { "/\($0)" } ?? ""), rank: 5))
        }
        parts.append(Segment(Self.phaseText(list.phase, spinner: spinner), rank: 8))
        if let pending = list.sorting {
            parts.append(Segment(pending.sort.map { "sorting by \($0.title) \($0.arrow)…" } ?? "back to the server's order…",
                                 rank: 6))
        } else if let sort = list.sort {
            parts.append(Segment("sorted by \(sort.title) \(sort.arrow) (loaded)", rank: 6))
        }
        if let pending = list.filtering {
            // The rows shown are the old filter's until the answer comes.
            let tested = pending.narrowing ? pending.count : pending.count + pending.aside
            parts.append(Segment(pending.filter.map { "filtering \(tested) rows \($0.summary)…" }
                                 ?? "every row back (\(tested))…", rank: 6))
        } else if let filter = list.filter {
            parts.append(Segment(filter.summary, rank: 6))
        }
        if list.live != nil { parts.append(Segment(list.liveStatus ?? "", rank: 7)) }
        if let news = list.changesText(now: now) { parts.append(Segment(news, rank: 4)) }
        if !list.watched.isEmpty { parts.append(Segment("watching \(list.watched.count)", rank: 4)) }
        if !list.marks.isEmpty {
            let note = state.markedNote.map { $0.isEmpty ? "" : " · " + $0 } ?? ""
            parts.append(Segment(list.marks.summary(in: list.rows) + note, rank: 8))
        }
        let running = state.actionRuns.running
        if let first = running.keys.min() {
            parts.append(Segment("⚙ \(running[first]!)" + (running.count > 1 ? " +\(running.count - 1)" : ""), rank: 7))
        }
        // A failed run not yet seen in the console: a badge until it is opened.
        let unseen = state.actionRuns.unseenFailures
        if unseen > 0 {
            let badge = "✗ \(unseen) failed run" + (unseen == 1 ? "" : "s")
            parts.append(Segment(Hint([.text(badge), Hint.key(.actionOutput, " (%k)")]).text(in: keyMap), rank: 8))
        }
        var right: Segment?
        var rightStyle = theme.status
        let errorStyle = Style(foreground: theme.error.foreground, background: theme.status.background,
                               attributes: theme.error.attributes)
        if let badge = list.cacheBadge, badge.offline {
            right = Segment("offline · cached " + ValueFormatter.relative(badge.fetchedAt, now: now), rank: 8)
            rightStyle = errorStyle
        } else if let error = list.lastError {
            right = Segment("✗ " + error, rank: 9, shortens: true)
            rightStyle = errorStyle
        } else if let notice = list.notice ?? list.pagingNotice {
            right = Segment(notice, rank: 7, shortens: true)
        } else if let badge = list.cacheBadge {
            right = Segment("cached " + ValueFormatter.relative(badge.fetchedAt, now: now), rank: 2)
        } else if let updated = list.lastUpdated {
            right = Segment("updated " + ValueFormatter.relative(updated, now: now), rank: 1)
        }
        let fit = StatusLineFit(left: parts, right: right, width: line.width)
        grid.put(" " + fit.left.joined(separator: " · "), x: line.x, y: y, style: theme.status)
        guard let shown = fit.right else { return }
        grid.put(shown, x: line.x + line.width - DisplayWidth.of(shown) - 1, y: y, style: rightStyle)
    }

    static func phaseText(_ phase: ListState.Phase, spinner: Character) -> String {
        switch phase {
        case .firstLoad: "\(spinner) loading"
        case .idle, .pulling: "ready"
        case .refreshing: "\(spinner) refreshing"
        case .loadingMore: "\(spinner) loading more"
        case .exhausted: "all loaded"
        case .failed: "failed"
        }
    }
}
