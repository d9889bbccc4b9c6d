import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The TUI on the hostile server's numbers (issue #28), in tmux: ids past 64
/// bits show every digit in the list and the detail view, a field holding
/// 1e400 shows as written, and a cursor walk that only goes on when the
/// server's exact text comes back loads every page.
@Suite("Hostile server in a terminal: numbers stay exact", .serialized, .timeLimit(.minutes(3)))
struct HostileNumberTerminalTests {
    typealias H = HostileTerminal

    @Test func bigIdsShowTheirDigitsInTheListAndTheDetail() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("numbers-big", on: server, log: log, columns: 120)
        let screen = try await tmux.waitForScreen(timeout: 45) { $0.contains("all loaded") }
        for id in HostileNumberRoutes.ids { #expect(screen.contains("BIGNUM \(id)"), "\(id) in\n\(screen)") }
        #expect(!screen.contains("e+19") && !screen.contains("e+22"))
        // The detail of the first row: every field with its digits, 1e400 as written.
        try tmux.send("Enter")
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("12345678901234567890123"), "\(detail)")
        #expect(detail.contains("1e400"), "\(detail)")
        try tmux.send("Escape")
        try await tmux.waitForScreen { !$0.contains("esc back") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty, "stderr: \(tmux.file("stderr"))")
        #expect(TerminalLog.violations(H.readLog(log)).isEmpty)
    }

    @Test func aCursorWalkThatNeedsTheExactDigitsLoadsEveryPage() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        // Three pages of two: the screen is taller, so they load by themselves.
        let tmux = try H.browse("numbers-cursor", on: server, log: log, columns: 120)
        let screen = try await tmux.waitForScreen(timeout: 45) { $0.contains("all loaded") }
        #expect(screen.contains("Cursor page 3 9223372036854775807"), "\(screen)")
        #expect(!screen.contains("cursor changed"), "\(screen)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }
}
