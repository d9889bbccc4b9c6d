import Foundation
import RowboatDemo
import RowboatTestSupport
import Testing

/// Saved views in the real binary: the list's columns saved as a view
/// under a typed name (`V`, `s`), kept across a restart, and applied again
/// from the views panel after the columns were put back.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SavedViewsEndToEndTests {
    @Test func aViewSavedBeforeQuittingIsAppliedAfterARestart() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        func header(_ screen: String) -> String { screen.split(separator: "\n").dropFirst().first.map(String.init) ?? "" }
        do {
            let tmux = try TmuxSession(arguments: [], columns: 100, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            // Subtitle hidden in the columns panel, then the list saved as "Slim".
            try tmux.send("c")
            try await tmux.waitForScreen { $0.contains("Columns of Items") }
            try tmux.send("j", "Space", "Escape")
            try await tmux.waitForScreen { !$0.contains("Columns of Items") && !header($0).contains("Subtitle") }
            try tmux.send("V")
            try await tmux.waitForScreen { $0.contains("Views of Items") && $0.contains("no views yet") }
            try tmux.send("s")
            try await tmux.waitForScreen { $0.contains("save as: ▏") }
            try tmux.send("Slim", "Enter")
            try await tmux.waitForScreen { $0.contains("● Slim") && $0.contains("view Slim") }
            try tmux.send("Escape", "q")
            #expect(await tmux.waitForExit() == 0)
            #expect(tmux.file("stderr").isEmpty)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: state.path + "/rowboat")
        #expect(files.contains { $0.hasPrefix("views-") })
        do {
            let tmux = try TmuxSession(arguments: [], columns: 100, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            // The config's columns back, then the saved view applied: Subtitle goes again.
            try tmux.send("c", "r", "Escape")
            try await tmux.waitForScreen { !$0.contains("Columns of Items") && header($0).contains("Subtitle") }
            try tmux.send("V")
            try await tmux.waitForScreen { $0.contains("Views of Items") && $0.contains("● Slim") }
            try tmux.send("Enter")
            let screen = try await tmux.waitForScreen { !$0.contains("Views of Items") && $0.contains("view Slim") }
            #expect(!header(screen).contains("Subtitle") && header(screen).contains("Title"))
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
            #expect(tmux.file("stderr").isEmpty)
        }
        // A damaged file: one line, and the list starts all the same.
        let views = try #require(files.first { $0.hasPrefix("views-") })
        try "{damaged".write(toFile: state.path + "/rowboat/" + views, atomically: true, encoding: .utf8)
        do {
            let tmux = try TmuxSession(arguments: [], columns: 100, rows: 24, environment: ["XDG_STATE_HOME": state.path])
            try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("saved views not used") }
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
        }
    }
}

/// The config's views as sub-tabs in the real binary (Config/views.yaml
/// against the demo server): `]` applies the next one, which asks the
/// server with its params, and the status bar names it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct DeclaredViewsEndToEndTests {
    @Test func bracketStepsToTheNextSubTab() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-subtabs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/views.yaml", encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
        let path = dir.appendingPathComponent("views.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", path], columns: 100, rows: 24,
                                   environment: ["XDG_STATE_HOME": dir.path + "/state"])
        let first = try await tmux.waitForScreen { $0.contains("ready") }
        #expect(first.split(separator: "\n").first?.contains(" All   Top rated   Bargains   Lamps ") == true)
        try tmux.send("]")
        let screen = try await tmux.waitForScreen { $0.contains("view Top rated") && $0.contains("ready") && $0.contains("Rating") }
        #expect(screen.contains("Rating: 4★ and up") && screen.contains("Sort: Top rated"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        await server.stop()
    }
}
