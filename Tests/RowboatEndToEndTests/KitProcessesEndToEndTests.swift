import Foundation
import RowboatProcess
import Testing

/// The processes example (Examples/GitLog/Sources/Processes) in a real
/// terminal: totals in the status bar, the detail hook's fields, an action
/// by its key with confirm that removes its row, and control from code (a
/// process that ends leaves the list by itself).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KitProcessesEndToEndTests {
    @Test func actionsDetailTotalsAndControlFromCode() async throws {
        // Two sleepers under a name no other process has.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-procs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "rbsl\(Int.random(in: 100_000...999_999))"
        let program = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: program.path)
        // posix_spawn with the signal mask cleared: SIGTERM reaches them.
        let sleepers = try (0..<2).map { _ in try ProcessRunner.spawn(ProcessSpec([program.path, "600"])) }
        defer { for p in sleepers { kill(p.pid, SIGKILL) } }
        let pids = sleepers.map { String($0.pid) }.sorted { Int($0)! < Int($1)! }

        let tmux = try TmuxSession(arguments: [name], columns: 100, rows: 20, program: TmuxSession.sibling("processes"))
        var screen = try await tmux.waitForScreen { $0.contains("processes · \(name) · 2/2") }
        #expect(screen.contains(pids[0]) && screen.contains(pids[1]))
        // The detail hook's fields, read when it opens.
        try tmux.send("Enter")
        screen = try await tmux.waitForScreen { $0.contains("Threads") && $0.contains("VmRSS") }
        #expect(screen.contains("PPid"))
        try tmux.send("Escape")
        // The action by its key, confirmed: the first sleeper ends and its row goes.
        try tmux.send("K")
        try await tmux.waitForScreen { $0.contains("Send SIGTERM to \(name) (\(pids[0]))?") }
        try tmux.send("y")
        screen = try await tmux.waitForScreen { $0.contains("sent SIGTERM to \(pids[0])") }
        #expect(!screen.contains(" \(pids[0]) "))
        let first = sleepers.first { String($0.pid) == pids[0] }!
        #expect(first.wait().signal == SIGTERM)
        // Control from code: the other ends outside the list, and the example's watcher removes it.
        let second = sleepers.first { String($0.pid) == pids[1] }!
        kill(second.pid, SIGKILL)
        _ = second.wait()
        try await tmux.waitForScreen { !$0.contains(pids[1]) && $0.contains("processes · \(name) · 0/2") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
