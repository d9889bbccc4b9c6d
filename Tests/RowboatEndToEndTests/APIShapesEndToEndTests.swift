import Foundation
import Testing

/// The new API shapes browsed in the real binary in tmux, against the
/// look-alike routes of `rowboat demo-server` in a pane of its own.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct APIShapesEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    /// Config/`name` pointed at `server`, with `edits` (old → new) applied.
    func config(_ name: String, server: DemoServer, edits: [(String, String)] = []) throws -> String {
        var text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/" + name, encoding: .utf8)
        text = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("server: ") ? "server: \(server.baseURL)" : String($0) }.joined(separator: "\n")
        for (old, new) in edits { text = text.replacingOccurrences(of: old, with: new) }
        let path = server.pane.directory.appendingPathComponent("shape-\(UUID().uuidString.prefix(6))-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func graphQLLoadsEveryPageAndOpensAnItem() async throws {
        let server = try await DemoServer()
        let tmux = try TmuxSession(arguments: ["--config", try config("github-graphql.yaml", server: server)],
                                   environment: ["GITHUB_TOKEN": "ghp_demo"])
        // A screen of 30 rows asks for pages until it is full: two of them.
        let screen = try await tmux.waitForScreen { $0.contains("repos · 40/47 · page 2 · ready") }
        #expect(screen.contains("octo/brass-lantern"))
        #expect(screen.contains("Repository") && screen.contains("Stars"))
        // The last row asks for the third page (the cursor goes into the body).
        try tmux.send("G")
        try await tmux.waitForScreen { $0.contains("repos · 47/47 · page 3 · all loaded") }
        try tmux.send("G", "Enter")
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("octo/indigo-notebook-47"))
        #expect(detail.contains("Limited seasonal run"))
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test func slacksEmptyPageDoesNotEndTheListAndATypoIsNamed() async throws {
        let server = try await DemoServer()
        let slack = try TmuxSession(arguments: ["--config", try config("slack.yaml", server: server)],
                                    environment: ["SLACK_TOKEN": "xoxb-demo"])
        // Page 2 is empty with a cursor: the data has not ended. Automatic
        // loads wait after a page that added nothing; space goes on.
        try await slack.waitForScreen { $0.contains("channels · 20/? · page 2 · ready") && $0.contains("space loads more") }
        try slack.send("Space")
        try await slack.waitForScreen { $0.contains("channels · 40/? · page 3 · ready") }
        try slack.send("G")
        try await slack.waitForScreen { $0.contains("channels · 47/47 · page 4 · all loaded") }
        try slack.send("q")
        #expect(await slack.waitForExit() == 0)
        let typo = try TmuxSession(arguments: ["--config", try config("slack.yaml", server: server, edits: [
            ("nextCursor: response_metadata.next_cursor", "nextCursor: response_metadata.next_cursr"),
        ])], environment: ["SLACK_TOKEN": "xoxb-demo"])
        let screen = try await typo.waitForScreen { $0.contains("20/20 · page 1 · all loaded") }
        // (As much of the notice as fits next to the left part.)
        #expect(screen.contains("paging.nextCursor \"response_metadata.next_cursr\" is not…"))
        try typo.send("q")
        #expect(await typo.waitForExit() == 0)
    }
}
