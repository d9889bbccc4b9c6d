import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The action console (`O`) in the real binary: a running program's output
/// followed live, a failed run's badge until the console is opened, and
/// the runs read back by the next session from XDG_STATE_HOME.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ActionConsoleEndToEndTests {
    @Test func theConsoleFollowsARunLiveBadgesAFailureAndKeepsRunsForTheNextSession() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The program prints a line, waits for the test's barrier file, prints another, fails.
        let barrier = dir.appendingPathComponent("go").path
        var text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
        text += """

        actions:
          - {title: Step, key: Z, run: [sh, -c, 'echo "first of $1"; while [ ! -e "$0" ]; do sleep 0.02; done; echo "answer $((40 + 2))"; exit 3', "\(barrier)", "${item.title}"]}
        """
        let config = dir.appendingPathComponent("console.yaml").path
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let state = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]

        let tmux = try TmuxSession(arguments: ["--config", config, "--images", "off"], columns: 100, rows: 24, environment: state)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("Z")
        try await tmux.waitForScreen { $0.contains("⚙ Step") }
        // The console lists the run while it runs; Enter follows its output live.
        try tmux.send("O")
        let console = try await tmux.waitForScreen { $0.contains("Actions: 1 run") }
        #expect(console.contains("Step · on Brass Lantern") && console.contains("running"))
        try tmux.send("Enter")
        let running = try await tmux.waitForScreen { $0.contains("first of Brass Lantern") }
        #expect(running.contains("$ sh -c") && !running.contains("answer 42"))
        FileManager.default.createFile(atPath: barrier, contents: Data())
        let ended = try await tmux.waitForScreen { $0.contains("answer 42") && $0.contains("[sh exited with status 3]") }
        #expect(ended.contains("first of Brass Lantern"))
        // Back to the console: the run failed; seen there, so no badge.
        try tmux.send("Escape")
        let listed = try await tmux.waitForScreen { $0.contains("Actions: 1 run") && $0.contains("failed") }
        #expect(listed.contains("✗ Step"))
        try tmux.send("Escape")
        let closed = try await tmux.waitForScreen { !$0.contains("Actions: 1 run") && $0.contains("ready") }
        #expect(!closed.contains("failed run"))
        // A second failure with the console shut raises the badge, until O.
        try tmux.send("j", "Z")
        try await tmux.waitForScreen { $0.contains("✗ 1 failed run (O)") }
        try tmux.send("O")
        let two = try await tmux.waitForScreen { $0.contains("Actions: 2 runs") }
        #expect(!two.contains("failed run (O)"))
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)

        // The next session reads both runs back.
        let next = try TmuxSession(arguments: ["--config", config, "--images", "off"], columns: 100, rows: 24, environment: state)
        try await next.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try next.send("O")
        let kept = try await next.waitForScreen { $0.contains("Actions: 2 runs") }
        #expect(kept.contains("Step · on Brass Lantern") && kept.contains("Step · on"))
        try next.send("Escape", "q")
        #expect(await next.waitForExit() == 0)
        await server.stop()
    }
}
