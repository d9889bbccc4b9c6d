import RowboatSpec

/// The action console (`O`): every run kept (`ActionRuns.records`), listed
/// newest first in the output pager's box; Enter opens a run's output,
/// which follows the run while it goes on; a failed run raises the status
/// bar's badge until the console is opened; finished runs are stored for
/// the next sessions.
extension AppReducer {
    static func reduceConsole(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .actionProgress(let report):
            state.actionRuns.update(report.runID) { $0.update(report, finished: false, at: state.clock) }
            followRun(&state, report.runID)
        case .actionHistoryLoaded(let earlier):
            state.actionRuns.keepEarlier(earlier)
        case .showActionOutput:
            guard !state.actionRuns.records.isEmpty else {
                toast(&state, "no action has run yet (a run's output shows here)")
                return []
            }
            state.actionRuns.unseenFailures = 0
            state.overlay = .output(.console())
        case .outputPager(let pager):
            guard case .output(var shown)? = state.overlay else { return [] }
            switch pager {
            case .close:
                // A run's output opened from the console goes back to it.
                if shown.runID != nil, let index = state.actionRuns.newestFirst.firstIndex(where: { $0.runID == shown.runID }) {
                    state.overlay = .output(.console(selection: index))
                } else {
                    state.overlay = nil
                }
            case .open:
                let runs = state.actionRuns.newestFirst
                guard let selection = shown.selection, runs.indices.contains(selection) else { return [] }
                let record = runs[selection]
                state.overlay = .output(OutputPager(title: record.title, text: record.pagerText(now: state.clock),
                                                    runID: record.runID))
                // A running one's output opens at its end, to follow it.
                if record.outcome == .running { followRun(&state, record.runID, toEnd: true) }
            case .scroll(let delta):
                if let selection = shown.selection {
                    shown.selection = min(max(0, selection + delta), max(0, state.actionRuns.records.count - 1))
                } else {
                    shown.scroll = min(max(0, shown.scroll + delta), maxScroll(state, shown))
                }
                state.overlay = .output(shown)
            }
        default:
            break
        }
        return []
    }

    /// The record of a run that ended, its outcome, and the runs to store;
    /// a failure raises the badge unless the console is where the user is.
    static func finishRecord(_ state: inout AppState, _ report: ActionReport) -> [AppEffect] {
        guard state.actionRuns.record(report.runID) != nil else { return [] }
        state.actionRuns.update(report.runID) { $0.update(report, finished: true, at: state.clock) }
        if report.failed > 0 && !report.cancelled {
            if case .output(let shown)? = state.overlay, shown.isConsole || shown.runID == report.runID {} else {
                state.actionRuns.unseenFailures += 1
            }
        }
        followRun(&state, report.runID)
        return [.saveActionHistory(state.actionRuns.toStore)]
    }

    /// The pager showing run `runID`'s output takes its new text; one
    /// that was at the end (or `toEnd`) stays at the end, so the output
    /// scrolls by as it comes.
    static func followRun(_ state: inout AppState, _ runID: Int, toEnd: Bool = false) {
        guard case .output(let shown)? = state.overlay, shown.runID == runID,
              let record = state.actionRuns.record(runID) else { return }
        let atEnd = toEnd || shown.scroll >= maxScroll(state, shown)
        var fresh = OutputPager(title: record.title, text: record.pagerText(now: state.clock), scroll: shown.scroll,
                                runID: runID)
        fresh.scroll = atEnd ? maxScroll(state, fresh) : min(shown.scroll, maxScroll(state, fresh))
        state.overlay = .output(fresh)
    }

    /// How far the pager scrolls: its box leaves a row above and below, and its border.
    static func maxScroll(_ state: AppState, _ pager: OutputPager) -> Int {
        max(0, pager.lines.count - max(1, state.size.rows - 4))
    }

    /// A job as the console shows it: a program's command line as a POSIX
    /// shell would read it back, a request's method and path, a link.
    static func commandLine(_ job: ActionPlan.Job) -> String {
        switch job {
        case .run(let arguments, let input, _):
            "$ " + ShellWords.line(arguments) + (input.map { " < (\($0.count) bytes)" } ?? "")
        case .open(let url): "open " + url
        case .request(let method, let path, _, _): "\(method.rawValue) \(path)"
        case .custom(_, let rows): rows.count > 1 ? "for the \(rows.count) rows" : "for the row"
        }
    }

    /// The row each job of `plan` is for, by title (by id when the list no
    /// longer has it); "the N marked rows" for a job for all of them.
    static func rowLabels(_ state: AppState, _ plan: ActionPlan) -> [String] {
        let (rows, _) = state.actionRows
        return plan.rowIDs.map { id in
            guard let id else { return "the \(rows.count) marked rows" }
            let title = rows.first { $0.id == id }?.title ?? state.list.rows.index(ofID: id).map { state.list.rows[$0].title }
            return Sanitizer.clean(title.flatMap { $0.isEmpty ? nil : $0 } ?? id, limit: 60)
        }
    }
}
