import Foundation
import Testing

/// Bad images from the hostile server through the real binary: every card
/// ends "✗ failed" with its reason, nothing crashes or stalls, the UI answers.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HostileImagesTests {
    @Test func badImagesEndAsFailedCardsAndTheUIStillAnswers() async throws {
        let server = try await HostileTerminal.Server()
        let log = HostileTerminal.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try HostileTerminal.browse("bad-images", on: server, log: log, columns: 120, rows: 40)
        // The table: five rows, each badge ✗ once its image failed.
        let table = try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("all loaded") && screen.split(separator: "\n").filter { $0.hasPrefix("✗    Bad image") }.count == 5
        }
        #expect(table.contains("✗    Bad image: truncated"))
        try tmux.send("v")
        let grid = try await tmux.waitForScreen { $0.contains("grid") && $0.components(separatedBy: "✗ failed").count == 6 }
        #expect(grid.contains("truncated"))
        #expect(grid.contains("not an image"))
        #expect(grid.contains("HTTP 404"))
        #expect(grid.contains("too large"))
        // Retry through the action sheet: it fails again, calmly.
        try tmux.send("a")
        try await tmux.waitForScreen { $0.contains("Retry image") }
        try tmux.send("End", "Enter")
        try await tmux.waitForScreen { $0.components(separatedBy: "✗ failed").count == 6 && !$0.contains("Retry image") }
        try tmux.send("v", "j", "Enter")
        try await tmux.waitForScreen { $0.contains("esc back") && $0.contains("Bad image: empty") }
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(tmux.file("stderr").isEmpty)
    }
}
