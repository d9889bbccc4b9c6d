import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// The action console through the reducer: every run kept with what ran
/// (quoted as a shell would), on which rows, each row's result as it
/// comes, the failed-run badge until the console is opened, secrets
/// redacted and output capped, and the runs of earlier sessions.
@Suite("The action console")
struct ActionConsoleTests {
    static let now: Double = 1_800_000_000

    /// The actions reducer tests' app: ten rows of an endpoint with `actionsYAML`.
    func app(_ actionsYAML: String) throws -> AppState { try ActionReducerTests().app(actionsYAML) }

    func report(_ runID: Int, total: Int, results: [Int: String?] = [:], failed: Int = 0, output: String? = nil) -> ActionReport {
        var report = ActionReport(runID: runID, title: "Tag", endpoint: "items", total: total, failed: failed,
                                  firstFailure: results.values.compactMap { $0 }.first, output: output)
        report.results = results
        return report
    }

    @Test func aBulkRunShowsEachRowsResultAsItComes() throws {
        var state = try app("{title: Tag, key: Z, run: [tag, \"it's ${item.title}\"]}")
        for index in [0, 1, 2] {
            _ = AppReducer.reduce(&state, .list(.move(.to(index))))
            _ = AppReducer.reduce(&state, .mark(.toggle))
        }
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Tag")))
        let started = try #require(state.actionRuns.records.last)
        // The command lines as a POSIX shell reads them back.
        #expect(started.commands == ["$ tag 'it'\\''s Item 1'", "$ tag 'it'\\''s Item 2'", "$ tag 'it'\\''s Item 3'"])
        #expect(started.rows == ["Item 1", "Item 2", "Item 3"] && started.startedAt == Self.now)
        #expect(started.progress == "running · 0 of 3 done")
        _ = AppReducer.reduce(&state, .actionProgress(report(1, total: 3, results: [0: String?.none, 1: "tag exited with status 1"])))
        #expect(state.actionRuns.records.last?.progress == "running · 1 of 3 done · 1 failed")
        _ = AppReducer.reduce(&state, .actionFinished(report(1, total: 3, results: [0: String?.none, 1: "tag exited with status 1",
                                                                                    2: String?.none], failed: 1)))
        let ended = try #require(state.actionRuns.records.last)
        #expect(ended.outcome == .failed && ended.progress == "2 of 3 done · 1 failed")
        let text = ended.pagerText(now: Self.now)
        #expect(text.contains("Item 1: ✓ done\nItem 2: ✗ tag exited with status 1\nItem 3: ✓ done\n"))
        // The badge stays until the console is opened.
        #expect(state.actionRuns.unseenFailures == 1)
        _ = AppReducer.reduce(&state, .showActionOutput)
        #expect(state.actionRuns.unseenFailures == 0 && state.overlay == .output(.console()))
    }

    @Test func aFailureSeenInTheConsoleRaisesNoBadge() throws {
        var state = try app("{title: Tag, key: Z, run: [tag]}")
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Tag")))
        _ = AppReducer.reduce(&state, .showActionOutput)
        _ = AppReducer.reduce(&state, .actionFinished(report(1, total: 1, results: [0: "tag exited with status 2"], failed: 1)))
        #expect(state.actionRuns.unseenFailures == 0)
        // A cancelled run is no failure to badge either.
        _ = AppReducer.reduce(&state, .outputPager(.close))
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Tag")))
        var cancelled = report(2, total: 1, results: [0: "cancelled"], failed: 1)
        cancelled.cancelled = true
        _ = AppReducer.reduce(&state, .actionFinished(cancelled))
        #expect(state.actionRuns.unseenFailures == 0 && state.actionRuns.records.last?.outcome == .cancelled)
    }

    @Test func secretsAreRedactedAndOutputIsCapped() throws {
        Secrets.register(["hunter2-console-secret"])
        var state = try app("{title: Tag, key: Z, run: [tag, hunter2-console-secret]}")
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Tag")))
        let long = (1...3000).map { "line \($0) of a long output hunter2-console-secret" }.joined(separator: "\n") + "\n"
        _ = AppReducer.reduce(&state, .actionFinished(report(1, total: 1, results: [0: String?.none], output: long)))
        let record = try #require(state.actionRuns.records.last)
        #expect(!record.commands.joined().contains("hunter2-console-secret"))
        #expect(!record.output.contains("hunter2-console-secret"))
        #expect(record.outputCut && record.output.utf8.count <= ActionRecord.outputCap)
        #expect(record.output.hasPrefix("line ") && record.output.hasSuffix("line 3000 of a long output "
                                                                            + Secrets.redact("hunter2-console-secret") + "\n"))
        #expect(record.pagerText(now: Self.now).contains("[the output's start is cut: the last 64 KB are kept]"))
    }

    @Test func runsOfEarlierSessionsComeFirstAndTheLastHundredAreStored() throws {
        var state = try app("{title: Tag, key: Z, run: [tag]}")
        var earlier = (1...120).map { i in
            var record = ActionRecord(runID: i, title: "Old \(i)", endpoint: "items", commands: ["$ old"], rows: ["Item 1"],
                                      startedAt: Self.now - 100)
            record.outcome = .done
            return record
        }
        earlier[119].outcome = .running
        _ = AppReducer.reduce(&state, .actionHistoryLoaded(earlier))
        #expect(state.actionRuns.records.count == 100 && state.actionRuns.records.allSatisfy { $0.runID < 0 })
        // One left running when its session ended did not go on.
        #expect(state.actionRuns.records.last?.outcome == .cancelled && state.actionRuns.records.first?.title == "Old 21")
        _ = AppReducer.reduce(&state, .runAction(ActionRef(index: 0, title: "Tag")))
        #expect(!state.actionRuns.toStore.contains { $0.outcome == .running })
        let effects = AppReducer.reduce(&state, .actionFinished(report(1, total: 1, results: [0: String?.none])))
        guard case .saveActionHistory(let stored)? = effects.first else { Issue.record("nothing stored"); return }
        #expect(stored.count == 100 && stored.last?.title == "Tag" && stored.first?.title == "Old 22")
        // The console lists the newest first.
        #expect(state.actionRuns.newestFirst.first?.title == "Tag")
    }
}
