import Foundation
import RowboatTestSupport
import Testing

/// An expression column in the real binary, on the embedded demo: `c`
/// opens the columns panel, `a` its prompt, a jq expression and Enter add
/// a column whose values show at once; after a restart it is still there
/// (kept under `$XDG_STATE_HOME`), and space in the panel removes it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ExpressionColumnEndToEndTests {
    func header(_ screen: String) -> String { screen.split(separator: "\n").dropFirst().first.map(String.init) ?? "" }

    @Test func aJqColumnShowsItsValuesAndIsKeptAcrossARestart() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        do {
            let tmux = try TmuxSession(arguments: [], columns: 120, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            try tmux.send("c")
            try await tmux.waitForScreen { $0.contains("Columns of Items") }
            try tmux.send("a")
            try await tmux.waitForScreen { $0.contains("jq column: ") }
            // A syntax error first: one line in the panel, the text kept to mend.
            try tmux.send("-l", "[.title | splits(\" \")] | length +")
            try tmux.send("Enter")
            try await tmux.waitForScreen { $0.contains("jq: syntax error") && $0.contains("| length +") }
            try tmux.send("BSpace")
            try tmux.send("Enter")
            try await tmux.waitForScreen { $0.contains("● [.title | splits") }
            try tmux.send("Escape")
            let screen = try await tmux.waitForScreen { !$0.contains("Columns of Items") && $0.contains("Brass Lantern") }
            #expect(header(screen).contains("[.title | splits"), "\(header(screen))")
            // "Brass Lantern" is two words.
            let lantern = screen.split(separator: "\n").first { $0.contains("Brass Lantern") }.map(String.init) ?? ""
            #expect(lantern.hasSuffix(" 2") || lantern.contains(" 2 "), "\(lantern)")
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
            #expect(tmux.file("stderr").isEmpty)
        }
        do {
            let tmux = try TmuxSession(arguments: [], columns: 120, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            #expect(header(screen).contains("[.title | splits"), "\(header(screen))")
            // Space on its line in the panel (after the config's four columns) removes it.
            try tmux.send("c", "j", "j", "j", "j", "Space")
            try await tmux.waitForScreen { $0.contains("Columns of Items") && !$0.contains("[.title | splits") }
            try tmux.send("Escape", "q")
            #expect(await tmux.waitForExit() == 0)
        }
    }
}
