import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// Actions through the reducer: the plan made from the marked or current
/// rows, the confirm question, the effect, and what the report does
/// (toast, refresh, remove, replace), asserted on the whole state.
@Suite("Actions in the app")
struct ActionReducerTests {
    static let now: Double = 1_800_000_000

    func app(_ actionsYAML: String) throws -> AppState {
        let config = try ConfigLoader.parse("""
        server: https://api.example.org
        actions: [\(actionsYAML)]
        interfaces:
          items:
            url: /items
            params: {team: core}
            paging: {style: page, param: page, size: 30}
            item: {id: id, title: name, link: url}
        """, file: "a.yaml")
        var state = AppState(config: config)
        state.environment = ["USER": "ann"]
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...10).map { RowModel(id: String($0), title: "Item \($0)", linkURL: "https://example.com/\($0)") }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: Self.now))))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        return state
    }

    func mark(_ state: inout AppState, _ indices: [Int]) {
        for index in indices {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
    }

    @Test func aKeyRunsTheActionOnTheSelectedRow() throws {
        var state = try app("{title: Close, key: Z, request: {method: POST, path: \"/items/${item.id}/close\", params: {by: \"${env.USER}\", team: \"${params.team}\"}}}")
        _ = AppReducer.reduce(&state, .list(.move(.to(3))))
        let ref = ActionRef(index: 0, title: "Close")
        #expect(KeyMap.default.action(for: .character("Z"), in: state) == .runAction(ref))
        let before = state
        let effects = AppReducer.reduce(&state, .runAction(ref))
        let plan = ActionPlan(title: "Close", endpoint: "items",
                              jobs: [.request(method: .post, path: "/items/4/close?by=ann&team=core", body: nil, then: .refresh)],
                              rowIDs: ["4"], confirm: nil)
        #expect(effects == [.performAction(plan, runID: 1)])
        var expected = before
        expected.actionRuns.running = [1: "Close"]
        expected.actionRuns.lastRunID = 1
        // The console keeps the run: what it sends, on which row, when.
        expected.actionRuns.records = [ActionRecord(runID: 1, title: "Close", endpoint: "items",
                                                    commands: ["POST /items/4/close?by=ann&team=core"], rows: ["Item 4"],
                                                    startedAt: Self.now)]
        expected.toast = Toast(text: "Close…", isError: false, expiresAt: Self.now + Toast.lifetime)
        #expect(state == expected)
    }

    @Test func marksRunPerRowAfterTheConfirmQuestion() throws {
        var state = try app("{title: Close, key: Z, confirm: \"Close ${item.title}?\", request: {path: \"/items/${item.id}/close\"}, then: remove}")
        mark(&state, [1, 2, 5])
        #expect(AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Close"))) == [])
        guard case .dialog(let dialog)? = state.overlay, case .runAction(let plan) = dialog.intent else {
            Issue.record("no dialog")
            return
        }
        #expect(dialog.title == "Close" && dialog.lines == ["Close Item 2, Item 3 and Item 6?", "for the 3 marked rows"])
        #expect(!dialog.confirmFocused)
        #expect(plan.rowIDs == ["2", "3", "6"] && plan.jobs.count == 3)
        // Enter on the focused button (No) does nothing; y does it.
        _ = AppReducer.reduce(&state, .dialog(.choose))
        #expect(state.overlay == nil && state.actionRuns.running.isEmpty)
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Close")))
        #expect(AppReducer.reduce(&state, .dialog(.confirm)) == [.performAction(plan, runID: 1)])
        // Two of three done: a toast, and those two rows go (and their marks).
        let report = ActionReport(runID: 1, title: "Close", endpoint: "items", total: 3, failed: 1,
                                  firstFailure: "HTTP 409: already closed", then: .remove, doneRowIDs: ["2", "6"])
        #expect(AppReducer.reduce(&state, .actionFinished(report)) == [.saveActionHistory(state.actionRuns.records)])
        #expect(state.toast?.text == "Close: 2 of 3 done — 1 failed: HTTP 409: already closed")
        #expect(state.toast?.isError == true)
        #expect(state.list.rows.map(\.id) == ["1", "3", "4", "5", "7", "8", "9", "10"])
        #expect(state.list.marks.indices(in: state.list.rows).map { state.list.rows.id(at: $0) } == ["3"])
        #expect(state.actionRuns.running.isEmpty)
    }

    @Test func thenRefreshAndReplace() throws {
        var state = try app("{title: Close, key: Z, request: {path: \"/items/${item.id}/close\"}}")
        let refresh = ActionReport(runID: 1, title: "Close", endpoint: "items", total: 1, then: .refresh, doneRowIDs: ["1"])
        let effects = AppReducer.reduce(&state, .actionFinished(refresh))
        #expect(effects == [.fetchPage(list: .tab("items"), endpoint: "items", requestID: 2, cursor: .page(1))])
        #expect(state.list.phase == .refreshing && state.toast?.text == "Close: done")
        var replaced = try app("{title: Close, key: Z, request: {path: \"/items/${item.id}/close\"}, then: replace}")
        let row = RowModel(id: "2", title: "Item 2 (closed)")
        _ = AppReducer.reduce(&replaced, .actionFinished(ActionReport(runID: 1, title: "Close", endpoint: "items", total: 1,
                                                                      then: .replace, doneRowIDs: ["2"], replacements: [row])))
        #expect(replaced.list.rows[1] == row && replaced.list.rows.count == 10)
        // A failure changes nothing but says so.
        var failed = try app("{title: Close, key: Z, request: {path: \"/items/${item.id}/close\"}}")
        let before = failed
        #expect(AppReducer.reduce(&failed, .actionFinished(ActionReport(runID: 1, title: "Close", endpoint: "items", total: 1,
                                                                        failed: 1, firstFailure: "HTTP 500", then: .refresh))) == [])
        #expect(failed.list == before.list && failed.toast?.text == "Close: failed: HTTP 500")
    }

    @Test func aMissingFieldIsAToastAndNothingRuns() throws {
        var state = try app("{title: Open, key: Z, open: \"https://x.org/${item.slug}\"}")
        let before = state
        #expect(AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Open"))) == [])
        var expected = before
        expected.toast = Toast(text: "Open: ${item.slug}: the row \"Item 1\" has no field slug", isError: true,
                               expiresAt: Self.now + Toast.lifetime)
        #expect(state == expected)
    }

    @Test func theConsoleAndCancel() throws {
        var state = try app("{title: Log, key: Z, run: [git, log, \"${item.id}\"]}")
        _ = AppReducer.reduce(&state, .showActionOutput)
        #expect(state.toast?.text == "no action has run yet (a run's output shows here)")
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Log")))
        #expect(state.actionRuns.running == [1: "Log"])
        #expect(AppReducer.reduce(&state, .cancelActions) == [.cancelActions([1])])
        let effects = AppReducer.reduce(&state, .actionFinished(ActionReport(runID: 1, title: "Log", endpoint: "items", total: 1,
                                                                   failed: 1, firstFailure: "git exited with status 128",
                                                                   output: "fatal: not a git repository\nline 2\n")))
        #expect(effects == [.saveActionHistory(state.actionRuns.records)])
        #expect(state.toast?.text == "Log: failed: git exited with status 128 (O shows the output)")
        #expect(AppReducer.reduce(&state, .cancelActions) == [])
        #expect(KeyMap.default.action(for: .character("O"), in: state) == .showActionOutput)
        _ = AppReducer.reduce(&state, .showActionOutput)
        #expect(state.overlay == .output(.console()))
        #expect(KeyMap.default.action(for: .enter, in: state) == .outputPager(.open))
        _ = AppReducer.reduce(&state, .outputPager(.open))
        guard case .output(let pager)? = state.overlay else { Issue.record("no pager"); return }
        #expect(pager.runID == 1 && pager.title == "Log")
        #expect(pager.lines.contains("Item 1: ✗ git exited with status 128"))
        #expect(pager.lines.suffix(2) == ["fatal: not a git repository", "line 2"])
        // Closing a run's output goes back to the console, closing that to the list.
        _ = AppReducer.reduce(&state, .outputPager(.close))
        #expect(state.overlay == .output(.console()))
        _ = AppReducer.reduce(&state, .outputPager(.close))
        #expect(state.overlay == nil)
        // A run going on is on top of the console, its output followed as it comes.
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Log")))
        _ = AppReducer.reduce(&state, .showActionOutput)
        _ = AppReducer.reduce(&state, .outputPager(.open))
        guard case .output(let live)? = state.overlay else { Issue.record("no pager"); return }
        #expect(live.runID == 2 && live.lines.contains("$ git log 1") && live.lines.last == "(no output yet)")
        _ = AppReducer.reduce(&state, .actionProgress(ActionReport(runID: 2, title: "Log", endpoint: "items", total: 1,
                                                                   output: "$ git log 1\ncommit abc\n")))
        guard case .output(let followed)? = state.overlay else { Issue.record("no pager"); return }
        #expect(followed.runID == 2 && followed.lines.last == "commit abc")
    }

    /// q while actions run asks first (they would be stopped); yes quits,
    /// no stays; a signal quits at once.
    @Test func quittingWhileActionsRunAsksFirst() throws {
        var state = try app("{title: Log, key: Z, run: [git, log, \"${item.id}\"]}")
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Log")))
        #expect(AppReducer.reduce(&state, .quit) == [])
        guard case .dialog(let dialog)? = state.overlay else { Issue.record("no dialog"); return }
        #expect(!state.shouldQuit && dialog.title == "Quit" && dialog.intent == .quit && !dialog.confirmFocused)
        #expect(dialog.lines == ["an action is running: Log", "quitting stops them (programs killed, requests dropped)"])
        _ = AppReducer.reduce(&state, .dialog(.cancel))
        #expect(!state.shouldQuit && state.overlay == nil)
        _ = AppReducer.reduce(&state, .quit)
        _ = AppReducer.reduce(&state, .dialog(.confirm))
        #expect(state.shouldQuit)
        var signalled = try app("{title: Log, key: Z, run: [git, log, \"${item.id}\"]}")
        _ = AppReducer.reduce(&signalled, .runAction(ActionRef(index: 0, title: "Log")))
        _ = AppReducer.reduce(&signalled, .quitNow)
        #expect(signalled.shouldQuit && signalled.overlay == nil)
    }

    @Test func theSheetListsTheActionsAndRunsThem() throws {
        var state = try app("{title: Close, request: {path: \"/items/${item.id}/close\"}}, {title: Open files, key: W, open: \"${item.link}/files\"}")
        _ = AppReducer.reduce(&state, .sheet(.open))
        let items = state.sheet?.items ?? []
        // The actions, then the copy lines.
        let actions = items.filter { if case .action = $0 { true } else { false } }
        #expect(actions == [.action(index: 0, title: "Close"), .action(index: 1, title: "Open files", key: .character("W"))])
        #expect(items.drop { $0 != actions[1] }.dropFirst().allSatisfy { if case .copyField = $0 { true } else { false } })
        #expect(items.contains(.openDetail))
        // From the detail, the sheet does not offer the detail.
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        _ = AppReducer.reduce(&state, .openDetail)
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet?.items.contains(.openDetail) == false && state.sheet?.items.count == items.count - 1)
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        _ = AppReducer.reduce(&state, .back)
        // The action's own key works inside the sheet too.
        #expect(KeyMap.default.action(for: .character("W"), in: state) == .runAction(ActionRef(index: 1, title: "Open files")))
        let effects = AppReducer.reduce(&state, .runAction(ActionRef(index: 1, title: "Open files")))
        #expect(state.overlay == nil)
        guard case .performAction(let plan, _)? = effects.first else { Issue.record("no effect"); return }
        #expect(plan.jobs == [.open(url: "https://example.com/1/files")])
        // Help names the action by its title.
        #expect(KeyHelp.entries(KeyMap.default.bindings(in: state)).contains { $0.keys == "W" && $0.action == "Open files" })
    }
}
