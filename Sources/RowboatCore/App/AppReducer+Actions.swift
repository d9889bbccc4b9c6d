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
            var effects = finishRecord(&state, report)
            let hint = report.output != nil && report.failed > 0 ? " (O shows the output)" : ""
            toast(&state, report.summary + hint, isError: report.failed > 0)
            guard !report.cancelled, report.total > report.failed else { return effects }
            switch report.then {
            case .refresh: effects += answer(&state, .tab(report.endpoint), .refresh)
            case .remove: effects += answer(&state, .tab(report.endpoint), .removeRows(report.doneRowIDs))
            case .replace: effects += answer(&state, .tab(report.endpoint), .replaceRows(report.replacements))
            case .none: break
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
        case .actionProgress, .actionHistoryLoaded, .showActionOutput, .outputPager:
            return reduceConsole(&state, action)
        default:
            break
        }
        return []
    }

    /// Counts the run and hands its plan to the runner.
    static func startAction(_ state: inout AppState, _ plan: ActionPlan) -> [AppEffect] {
        let runID = state.actionRuns.start(plan.title)
        state.actionRuns.records.append(ActionRecord(runID: runID, title: plan.title, endpoint: plan.endpoint,
                                                     commands: plan.jobs.map(commandLine), rows: rowLabels(state, plan),
                                                     startedAt: state.clock))
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
