import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
import RowboatParsing
@testable import RowboatKit
import RowboatDemo
import RowboatTestSupport
import RowboatNetwork
import Synchronization
import Testing

/// Actions' jobs done for real: programs get each value as one argument,
/// byte for byte, and nothing else runs; a program that never ends is
/// cancelled and leaves no child; request actions reach the demo server's
/// write routes with the endpoint's headers, and their answers come back as
/// rows; a request never goes to another origin.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ActionRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A runner whose reports land in `reports`.
    static func runner(_ config: RowboatConfig, transport: HTTPTransport, reports: Reports) -> EffectRunner {
        EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)), post: { action in
            if case .actionFinished(let report) = action { reports.list.withLock { $0.append(report) } }
        })
    }

    /// Waits (bounded) for the report of run `id`.
    static func report(_ id: Int, in reports: Reports) async throws -> ActionReport {
        guard let report = await eventuallyValue(timeout: 30, every: 0.02, {
            reports.list.withLock { $0.first { $0.runID == id } }
        }) else { throw POSIXError(.ETIMEDOUT) }
        return report
    }

    static func plan(_ yaml: String, rows: [RowModel], marked: Bool = false) throws -> (RowboatConfig, ActionPlan) {
        var config = try ConfigLoader.parse(try String(contentsOf: root.appendingPathComponent("Config/demo.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "interfaces:\n", with: "actions: [\(yaml)]\ninterfaces:\n"), file: "demo.yaml")
        config.localCache.enabled = false
        let endpoint = try #require(config.endpoint("items"))
        let actions = config.actions(of: endpoint)
        return (config, try ActionPlan.make(actions[0], endpoint: "items", rows: rows, marked: marked, context: .init()))
    }

    @Test func everyValueIsOneArgumentByteForByteAndNothingElseRuns() async throws {
        let canary = NSTemporaryDirectory() + "rowboat-canary-\(UUID().uuidString)"
        let hostile = ["a b", "\"q\" 'q'", "$(touch \(canary))", "`touch \(canary)`", "a;touch \(canary)", "line\nbreak",
                       "-rf", "--", "\u{1B}]0;PWNED\u{07}", "*", "~", "ä€🚀", "%s%n", "\\x41"]
        let rows = hostile.enumerated().map { i, value in
            RowModel(id: String(i), title: value, fields: RowFields(names: ["title"], values: [.text(value)]), fieldOrder: ["title"])
        }
        // The program prints each argument it got between brackets, NUL-separated.
        let (config, plan) = try Self.plan(#"{title: Args, run: [sh, -c, 'for a in "$@"; do printf "[%s]\0" "$a"; done', sh, "${marked.title}"]}"#,
                                           rows: rows, marked: true)
        let transport = HTTPTransport()
        let reports = Reports()
        Self.runner(config, transport: transport, reports: reports).run(.performAction(plan, runID: 1))
        let report = try await Self.report(1, in: reports)
        #expect(report.failed == 0, "\(report)")
        // After the `$` line (the arguments as a shell reads them back), what the program printed.
        let printed = try #require(report.output?.split(separator: "\n", maxSplits: 1).last.map(String.init))
        #expect(report.output?.hasPrefix("$ sh -c 'for a in \"$@\"; do printf \"[%s]\\0\" \"$a\"; done' sh 'a b' ") == true)
        let got = printed.dropLast(printed.hasSuffix("\n") ? 1 : 0).split(separator: "\0").map(String.init)
        #expect(got == hostile.map { "[\($0)]" })
        #expect(!FileManager.default.fileExists(atPath: canary))
        await transport.shutdown()
    }

    /// The output keeps each program's `$` line as a shell would read it
    /// back, quick runs too, its failure, and after X the ones that did not run.
    @Test func theOutputNamesEveryRunWithItsCommandLine() async throws {
        let rows = ["a b", "it's", "line\nbreak"].enumerated().map { i, value in
            RowModel(id: String(i), title: value, fields: RowFields(names: ["title"], values: [.text(value)]), fieldOrder: ["title"])
        }
        let (config, plan) = try Self.plan(#"{title: Say, run: [sh, -c, 'printf "%s" "$1"; test "$1" != "a b"', sh, "${item.title}"]}"#,
                                           rows: rows, marked: true)
        let transport = HTTPTransport()
        let reports = Reports()
        Self.runner(config, transport: transport, reports: reports).run(.performAction(plan, runID: 3))
        let report = try await Self.report(3, in: reports)
        let script = #"'printf "%s" "$1"; test "$1" != "a b"'"#
        #expect(report.output == "$ sh -c \(script) sh 'a b'\na b\n[sh exited with status 1]\n"
                + "$ sh -c \(script) sh 'it'\\''s'\nit's\n"
                + "$ sh -c \(script) sh $'line\\nbreak'\nline\nbreak\n")
        #expect(report.failed == 1)
        await transport.shutdown()
    }

    @Test func aProgramThatNeverEndsIsCancelledAndLeavesNoChild() async throws {
        // A sleep told apart from any other by its (long, unique) duration.
        let marker = "600.\(UInt32.random(in: 100_000...999_999))"
        let row = RowModel(id: "1", title: "x")
        let (config, plan) = try Self.plan("{title: Wait, run: [sleep, \"\(marker)\"]}", rows: [row])
        let transport = HTTPTransport()
        let reports = Reports()
        let runner = Self.runner(config, transport: transport, reports: reports)
        runner.run(.performAction(plan, runID: 7))
        // The barrier: the program is running.
        await eventually(timeout: 20, every: 0.02) { Self.running(marker) != 0 }
        #expect(Self.running(marker) == 1)
        runner.run(.cancelActions([7]))
        let report = try await Self.report(7, in: reports)
        #expect(report.cancelled && report.summary == "Wait: cancelled")
        #expect(Self.running(marker) == 0)
        // Quitting (stop) kills what is left too.
        runner.run(.performAction(plan, runID: 8))
        await eventually(timeout: 20, every: 0.02) { Self.running(marker) != 0 }
        runner.stop()
        _ = try await Self.report(8, in: reports)
        #expect(Self.running(marker) == 0)
        await transport.shutdown()
    }

    @Test func aFailingProgramSaysItsExitStatus() async throws {
        let (config, plan) = try Self.plan("{title: Fail, run: [sh, -c, 'echo oops >&2; exit 3']}", rows: [RowModel(id: "1", title: "x")])
        let transport = HTTPTransport()
        let reports = Reports()
        Self.runner(config, transport: transport, reports: reports).run(.performAction(plan, runID: 1))
        let report = try await Self.report(1, in: reports)
        #expect(report.summary == "Fail: failed: sh exited with status 3")
        #expect(report.output == "$ sh -c 'echo oops >&2; exit 3'\noops\n[sh exited with status 3]\n")
        await transport.shutdown()
    }

    @Test func requestsReachTheServerInOrderAndTheirAnswersComeBackAsRows() async throws {
        let server = try await DemoServer.start(host: "127.0.0.1", port: 0)
        defer { Task { await server.stop() } }
        let rows = [3, 5, 999_999].map { RowModel(id: String($0), title: "Item \($0)") }
        var (config, plan) = try Self.plan(#"{title: Sell, request: {method: POST, path: "/api/items/${item.id}/sold"}, then: replace}"#,
                                           rows: rows, marked: true)
        config.server = server.baseURL
        let transport = HTTPTransport()
        let reports = Reports()
        Self.runner(config, transport: transport, reports: reports).run(.performAction(plan, runID: 1))
        let report = try await Self.report(1, in: reports)
        #expect(report.total == 3 && report.failed == 1)
        #expect(report.firstFailure == "HTTP 404: no such item")
        #expect(report.doneRowIDs == ["3", "5"])
        #expect(report.replacements.map(\.id) == ["3", "5"])
        #expect(report.replacements.allSatisfy { $0.text("status", now: 0) == "sold" })
        #expect(report.summary == "Sell: 2 of 3 done — 1 failed: HTTP 404: no such item")
        #expect(server.catalog.item(id: 3)?.status == "sold")
        await transport.shutdown()
    }

    /// Live `sleep ARG` processes now (a killed one still unreaped counts not).
    static func running(_ arg: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        return entries.filter { Int($0) != nil }.filter { pid in
            let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let zombie = state.split(separator: " ").dropFirst(2).first == "Z"
            return !zombie && cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } == ["sleep", arg]
        }.count
    }
}

/// The reports a runner posted.
final class Reports: Sendable {
    let list = Mutex<[ActionReport]>([])
}
