import RowboatSpec

/// Actions on rows: the plan is made here (every template filled in, a
/// missing field a toast naming it), asked to confirm when the action says
/// so, handed to the runner, and its report turned into a toast and what
/// the action does to the list afterwards.
extension AppReducer {
    static func reduceActions(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .runAction(let ref):
            if case .sheet? = state.overlay { state.overlay = nil }
            let actions = state.currentActions
            guard actions.indices.contains(ref.index) else { return [] }
            let spec = actions[ref.index]
            let (all, marked) = state.actionRows
            // A kit action runs only on the rows it applies to.
            let rows = all.filter { ActionFields.applies(ref.index, to: $0) }
            guard !rows.isEmpty else {
                let why = all.isEmpty ? "no row to act on" : marked ? "applies to none of the marked rows"
                    : "does not apply to this row"
                toast(&state, "\(spec.title): \(why)", isError: true)
                return []
            }
            let plan: ActionPlan
            do {
                plan = try ActionPlan.make(spec, endpoint: state.actionEndpoint, rows: rows, marked: marked,
                                           context: actionContext(state))
            } catch {
                toast(&state, error.description, isError: true)
                return []
            }
            if let question = plan.confirm {
                let scope = marked ? ["for the \(rows.count) marked rows"] : []
                state.overlay = .dialog(ConfirmDialog(title: spec.title, lines: [question] + scope,
                                                      confirmLabel: "Yes", intent: .runAction(plan)))
                return []
            }
            return startAction(&state, plan)
        case .actionFinished(let report):
            state.actionRuns.running[report.runID] = nil
            if let output = report.output { state.actionRuns.lastOutput = (report.title, output) }
            let hint = report.output != nil && report.failed > 0 ? " (O shows the output)" : ""
            toast(&state, report.summary + hint, isError: report.failed > 0)
            guard !report.cancelled, report.total > report.failed else { return [] }
            var effects: [AppEffect]
            switch report.then {
            case .refresh: effects = answer(&state, .tab(report.endpoint), .refresh)
            case .remove: effects = answer(&state, .tab(report.endpoint), .removeRows(report.doneRowIDs))
            case .replace: effects = answer(&state, .tab(report.endpoint), .replaceRows(report.replacements))
            case .none: effects = []
            }
            // What a kit action hands on: the copy (its toast follows), the terminal to a program.
            if let copy = report.copy { effects.append(.copy(copy)) }
            if !report.handOver.isEmpty {
                let plan = ActionPlan(title: report.title, endpoint: report.endpoint, jobs: report.handOver,
                                      rowIDs: report.handOver.map { _ in nil }, confirm: nil)
                effects += startAction(&state, plan)
            }
            return effects
        case .cancelActions:
            guard !state.actionRuns.running.isEmpty else {
                toast(&state, "no action is running")
                return []
            }
            return [.cancelActions(state.actionRuns.running.keys.sorted())]
        case .showActionOutput:
            if let running = state.actionRuns.running.keys.min().flatMap({ state.actionRuns.running[$0] }) {
                // Not the last run's output passed off as this one's.
                toast(&state, "\(running) is running: its output shows here when it ends")
                return []
            }
            guard let output = state.actionRuns.lastOutput else {
                toast(&state, "no program output yet (a run action's output shows here)")
                return []
            }
            state.overlay = .output(OutputPager(title: output.title, text: output.text))
        case .outputPager(let pager):
            guard case .output(var shown)? = state.overlay else { return [] }
            switch pager {
            case .close: state.overlay = nil
            case .scroll(let delta):
                // The pager's box leaves a row above and below, and its border.
                let visible = max(1, state.size.rows - 4)
                shown.scroll = min(max(0, shown.scroll + delta), max(0, shown.lines.count - visible))
                state.overlay = .output(shown)
            }
        default:
            break
        }
        return []
    }

    /// Counts the run and hands its plan to the runner.
    static func startAction(_ state: inout AppState, _ plan: ActionPlan) -> [AppEffect] {
        let runID = state.actionRuns.start(plan.title)
        if case .run(_, _, interactive: true)? = plan.jobs.first {} else {
            toast(&state, plan.jobs.count > 1 ? "\(plan.title): \(plan.jobs.count) rows…" : "\(plan.title)…")
        }
        return [.performAction(plan, runID: runID)]
    }

    /// What templates read besides the rows: the environment read at start
    /// and the params in force (the endpoint's, then the tab's query).
    static func actionContext(_ state: AppState) -> ActionPlan.Context {
        var params = state.endpoints[state.actionEndpoint]?.params ?? [:]
        if state.actionEndpoint == state.endpointKey {
            for (name, value) in state.query.params { params[name] = .one(value) }
        }
        return ActionPlan.Context(environment: state.environment, params: params)
    }
}
