import Foundation
import Testing

/// The RowboatKit example (Examples/GitLog), a program built on the kit's
/// public API alone, in a real terminal: a repository's commits, more as
/// you scroll, the detail, its own action in the sheet, and a clean exit.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KitExampleEndToEndTests {
    /// A repository of `count` empty commits "Commit 1"… in a temp directory.
    static func repository(commits count: Int) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = "cd \(TmuxSession.quote(dir)) && git init -q && "
            + "for i in $(seq 1 \(count)); do git commit -q --allow-empty -m \"Commit $i\" -m \"Body of commit $i\"; done"
        let env = ["GIT_AUTHOR_NAME=Ann", "GIT_AUTHOR_EMAIL=ann@example.com", "GIT_COMMITTER_NAME=Ann",
                   "GIT_COMMITTER_EMAIL=ann@example.com", "GIT_CONFIG_GLOBAL=/dev/null"]
        let r = try Subprocess.run(["env"] + env + ["sh", "-c", script])
        #expect(r.status == 0)
        return dir
    }

    @Test func theGitLogExampleBrowsesCommitsWithTheKit() async throws {
        let repo = try Self.repository(commits: 75)
        defer { try? FileManager.default.removeItem(atPath: repo) }
        let tmux = try TmuxSession(arguments: [repo], columns: 100, rows: 20, program: TmuxSession.sibling("rowboat-git-log"))
        var screen = try await tmux.waitForScreen { $0.contains("git log · 50/? · page 1 · ready") }
        #expect(screen.contains("Commit 75") && screen.contains("Subject") && screen.contains("Author"))
        // The end of the list loads the rest: 25 more, and that is all.
        try tmux.send("G")
        try await tmux.waitForScreen { $0.contains("git log · 75/75 · page 2 · all loaded") }
        // "no more items" is on screen already; the last row shows only once G has moved there.
        try tmux.send("G")
        screen = try await tmux.waitForScreen { $0.contains("Commit 1 ") }
        #expect(screen.contains("no more items"))
        // The detail shows the message; the sheet has the example's own action.
        try tmux.send("Enter")
        try await tmux.waitForScreen { $0.contains("Body of commit 1") }
        try tmux.send("a")
        try await tmux.waitForScreen { $0.contains("Show stat") }
        try tmux.send("j", "j", "Enter")
        try await tmux.waitForScreen { $0.contains("no changes") || $0.contains("changed") }
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(tmux.file("stderr").isEmpty)
    }
}
