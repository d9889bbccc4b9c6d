import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The real binary in tmux against a hostile server that quotes the
/// credentials back in items, error envelopes and links: the screen (table,
/// status bar, detail, toast), tmux's paste buffer after a copy, and every
/// raw byte written to the terminal hold no secret in any form.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SecretsTerminalTests {
    typealias H = HostileTerminal

    static let token = "tui-tok_Zq/9+8=xy"
    static let trace = "trace-7788-secret"

    func config(_ server: H.Server, directory: URL) throws -> String {
        let text = """
        server: \(server.baseURL)
        communication:
          timeout: 5
          headers: {X-Trace-Token: "${TUI_TRACE}"}
        localCache: {enabled: false}
        auth: {type: bearer, token: "${TUI_TOKEN}"}
        interfaces:
          items: {url: /secrets/items, paging: {style: none},
                  response: &envelope {list: datas.list, success: code, successValues: [200], message: msg},
                  item: {id: id, title: title, subtitle: subtitle, description: description, link: link}}
          echo: {url: /secrets/echo, params: {status: 200, code: 403}, paging: {style: none}, response: *envelope,
                 item: {id: id, title: title}}
        """
        let path = directory.appendingPathComponent("secrets.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func leaks(_ text: String) -> [String] {
        [Self.token, Self.trace].flatMap { secret in SecretLeaks.found(secret, in: text).map { "\(secret) as \($0)" } }
    }

    @Test func noSecretOnScreenInTheClipboardOrInTheRawOutput() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = try TmuxSession(arguments: ["--config", try config(server, directory: directory), "--images", "off"],
                                   columns: 160, rows: 40,
                                   environment: ["TUI_TOKEN": Self.token, "TUI_TRACE": Self.trace],
                                   wrapper: H.wrapper(log: log))
        // The table: every row quotes a credential, redacted.
        var screen = try await tmux.waitForScreen { $0.contains("PLAIN the last row") }
        #expect(screen.contains("SECRET raw ***"), "\(screen)")
        #expect(leaks(screen).isEmpty, "table: \(leaks(screen))")
        // The detail of the first row: description and link in full width.
        try tmux.send("Enter")
        screen = try await tmux.waitForScreen { $0.contains("the server saw") }
        #expect(leaks(screen).isEmpty, "detail: \(leaks(screen))")
        // Copy the link: the toast and the paste buffer hold no secret.
        try tmux.send("y")
        screen = try await tmux.waitForScreen { $0.contains("copied") || $0.contains("link") && $0.contains("not") }
        #expect(leaks(screen).isEmpty, "toast: \(leaks(screen))")
        let buffers = try H.buffers(tmux)
        #expect(leaks(buffers).isEmpty, "clipboard: \(buffers)")
        try tmux.send("Escape")
        // The failing envelope's message in the status bar.
        try tmux.send("2")
        screen = try await tmux.waitForScreen { $0.contains("server error") }
        #expect(screen.contains("credentials rejected"), "\(screen)")
        #expect(leaks(screen).isEmpty, "status bar: \(leaks(screen))")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty, "stderr: \(tmux.file("stderr"))")
        let raw = String(decoding: H.readLog(log), as: UTF8.self)
        #expect(raw.contains("credentials rejected"))
        #expect(leaks(raw).isEmpty, "raw output: \(leaks(raw))")
    }
}
