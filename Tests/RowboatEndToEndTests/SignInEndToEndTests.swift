import Foundation
import Testing
import RowboatTestSupport

/// The browser on a sign-in config with no tokens yet, as a person meets
/// it: it signs in first on the terminal ($BROWSER plays the person against
/// the real django-oauth-toolkit server), then shows the list; the lines it
/// said hold no token.
@Suite(.serialized, .timeLimit(.minutes(2)),
       .enabled(if: OAuthTestServer.available, Comment(rawValue: OAuthTestServer.skipReason)))
struct SignInEndToEndTests {
    @Test func theBrowserSignsInFirstThenShowsTheList() async throws {
        try await OAuthTestServer.withRunning { server in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("signin-\(UUID().uuidString.prefix(8)).yaml").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try """
            server: \(server.origin)
            auth: {type: oauth2-code, authorizationURL: /o/authorize/, tokenURL: /o/token/, clientId: rowboat-code, scope: read}
            interfaces:
              items: {url: /api/items, response: {list: items}, item: {id: id, title: name}}
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let tmux = try TmuxSession(arguments: ["--config", path],
                                       environment: ["BROWSER": OAuthTestServer.browserCommand, "ROWBOAT_TOKEN_STORE": "file"])
            let screen = try await tmux.waitForScreen { $0.contains("item 3") }
            #expect(screen.contains("item 1"))
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
            let said = tmux.file("stderr")
            #expect(said.contains("Not signed in to \(server.origin): signing in first (as rowboat auth login does)"))
            #expect(said.contains("Signed in to \(server.origin); tokens stored in file "))
            let tokens = tmux.directory.appendingPathComponent("state/rowboat/tokens").path
            let files = try FileManager.default.contentsOfDirectory(atPath: tokens)
            #expect(files.count == 1)
            let stored = try String(contentsOfFile: tokens + "/" + files[0], encoding: .utf8)
            let record = try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any]
            let access = try #require(record?["accessToken"] as? String)
            #expect(!said.contains(access) && !screen.contains(access))
        }
    }
}
