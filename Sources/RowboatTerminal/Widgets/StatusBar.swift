import RowboatCore
import RowboatSpec

/// The bottom line: endpoint ("guessed" after it when the config was
/// guessed from a URL), loaded/total, page, state on the left; on the
/// right "offline · cached 12 min ago", the last error, "cached 12 min ago"
/// or "updated 2 min ago".
public enum StatusBar {
    public static func render(_ state: AppState, into grid: inout CellGrid, y: Int, now: Double,
                              spinner: Character, theme: Theme, keyMap: KeyMap = .default) {
        grid.fill(x: 0, y: y, count: grid.width, style: theme.status)
        let list = state.list
        var parts = [state.endpointKey] + state.query.summary
        if state.guessed != nil {
            parts.append(Hint([.text("guessed config"), Hint.key(.help, " (%k: how)")]).text(in: keyMap))
        }
        parts.append("\(list.rows.count)/\(list.totalCount.map(String.init) ?? "?")")
        if list.pagesLoaded > 0 {
            parts.append("page \(list.pagesLoaded)" + (list.totalPages.map { "/\($0)" } ?? ""))
        }
        parts.append(phaseText(list.phase, spinner: spinner))
        if let pending = list.sorting {
            parts.append("sorting by \(pending.sort.title) \(pending.sort.arrow)…")
        } else if let sort = list.sort {
            parts.append("sorted by \(sort.title) \(sort.arrow) (loaded)")
        }
        if let filter = list.filter { parts.append(filter.summary) }
        if let live = list.live {
            parts.append(live.status(inFlight: list.inFlight?.kind == .live, offline: list.isOffline))
            if let new = live.newText { parts.append(new) }
        }
        if !list.marks.isEmpty { parts.append(list.marks.summary(in: list.rows)) }
        let running = state.actionRuns.running
        if let first = running.keys.min() {
            parts.append("⚙ \(running[first]!)" + (running.count > 1 ? " +\(running.count - 1)" : ""))
        }
        let left = " " + parts.joined(separator: " · ")
        let used = grid.put(left, x: 0, y: y, style: theme.status)
        var right = ""
        var rightStyle = theme.status
        let errorStyle = Style(foreground: theme.error.foreground, background: theme.status.background,
                               attributes: theme.error.attributes)
        if let badge = list.cacheBadge, badge.offline {
            right = "offline · cached " + ValueFormatter.relative(badge.fetchedAt, now: now)
            rightStyle = errorStyle
        } else if let error = list.lastError {
            right = "✗ " + error
            rightStyle = errorStyle
        } else if let notice = list.notice ?? list.pagingNotice {
            right = notice
        } else if let badge = list.cacheBadge {
            right = "cached " + ValueFormatter.relative(badge.fetchedAt, now: now)
        } else if let updated = list.lastUpdated {
            right = "updated " + ValueFormatter.relative(updated, now: now)
        }
        guard !right.isEmpty else { return }
        let room = grid.width - used - 3
        guard room > 4 else { return }
        let fitted = TextFit.truncate(right, to: room)
        let w = DisplayWidth.of(fitted)
        grid.put(fitted, x: grid.width - w - 1, y: y, style: rightStyle)
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
