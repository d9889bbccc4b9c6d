import Foundation
import Testing

/// `rowboat URL` in the real binary in tmux against three look-alikes of
/// different paging styles on `rowboat demo-server`: the probe's verified
/// draft is browsed at once to the last item, the status bar says the
/// config was guessed, `?` shows what was guessed and how to keep it, and
/// `--save` writes a draft that `config check` accepts (credentials read
/// from the variables it names, never written).
@Suite(.serialized, .timeLimit(.minutes(3)))
struct RowboatURLEndToEndTests {
    typealias DemoServer = KeysThemeEndToEndTests.DemoServer

    struct Shape {
        var path: String
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var key: String
        var firstTitle: String
        /// What help's paging line starts with.
        var paging: String
    }

    static let shapes = [
        // has_more, the last id back as starting_after; a bearer key given as a flag.
        Shape(path: "/v1/customers?limit=20", arguments: ["--header", "Authorization: Bearer sk_test_rowboat_demo_51c0"],
              environment: ["API_TOKEN": "sk_test_rowboat_demo_51c0"], key: "customers", firstTitle: "Brass Lantern",
              paging: "lastId, cursorParam starting_after"),
        // A relative next URL in the body.
        Shape(path: "/latest.json", key: "latest", firstTitle: "Brass Lantern",
              paging: "nextURL, nextURL topic_list.more_topics_url"),
        // Paging facts as JSON in the X-Pagination header; the page param found by trying.
        Shape(path: "/api/orders?pageSize=20", key: "orders", firstTitle: "Warm tones, cool lines",
              paging: "page, param pageNumber"),
    ]

    @Test func aURLIsBrowsedAtOnceInThreeStyles() async throws {
        let server = try await DemoServer()
        for shape in Self.shapes {
            let saved = server.pane.directory.appendingPathComponent("saved-\(shape.key).yaml").path
            let tmux = try TmuxSession(arguments: [server.baseURL + shape.path] + shape.arguments + ["--save", saved])
            let first = try await tmux.waitForScreen { $0.contains("\(shape.key) · guessed config (?: how) · ") && $0.contains("ready") }
            #expect(first.contains(shape.firstTitle), "\(first)")
            // The last row asks for every page there is: the walk ends where the server says.
            try tmux.send("G")
            try await tmux.waitForScreen { $0.contains("· 47/") && $0.contains("all loaded") }
            try tmux.send("?")
            let help = try await tmux.waitForScreen { $0.contains("Keys · guessed config") && $0.contains("keep it") }
            let lines = help.split(separator: "\n")
            #expect(lines.contains { $0.contains("│ paging ") && $0.contains(" " + shape.paging) }, "\(help)")
            #expect(lines.contains { $0.contains("│ verified ") && $0.contains(" walked ") }, "\(help)")
            #expect(help.contains("saved to "))
            try tmux.send("Escape", "q")
            #expect(await tmux.waitForExit() == 0)
            #expect(tmux.file("stderr").isEmpty, "\(tmux.file("stderr"))")
            #expect(tmux.file("before") == tmux.file("after"))
            // The saved draft checks with the credentials' variables set, and holds no secret.
            let draft = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(!draft.contains("sk_test_rowboat_demo_51c0"))
            #expect(draft.contains("# Verified: paging "))
            let check = try Subprocess.run(["/usr/bin/env"] + shape.environment.map { "\($0.key)=\($0.value)" }
                                           + [TmuxSession.binary, "config", "check", saved])
            #expect(check.status == 0, "\(check.output)")
        }
    }

    /// Without the credential the server wants: one line, no TUI, exit 1.
    @Test func aURLThatWantsCredentialsIsOneLine() async throws {
        let server = try await DemoServer()
        let tmux = try TmuxSession(arguments: [server.baseURL + "/v1/customers"])
        #expect(await tmux.waitForExit() == 1)
        #expect(tmux.file("stderr").hasPrefix("rowboat: HTTP 401 from \(server.baseURL)/v1/customers: the server wants credentials"))
        #expect(tmux.file("before") == tmux.file("after"))
    }
}
