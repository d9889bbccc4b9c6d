import Foundation
import RowboatProcess
import RowboatTestSupport
import Testing

/// `rowboat auth login/status/logout` as a person runs them, against the
/// real OAuth2 server (django-oauth-toolkit; $BROWSER plays the person):
/// tokens in the keyring under `dbus-run-session` with gnome-keyring, in a
/// 0600 file without a Secret Service; `fetch` uses them; no token is ever
/// printed.
@Suite("rowboat auth: keyring and file", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: OAuthTestServer.available, Comment(rawValue: OAuthTestServer.skipReason)))
struct AuthCLITests {
    static func config(_ server: OAuthTestServer) throws -> String {
        try Paths.write("""
        server: \(server.origin)
        auth:
          type: oauth2-code
          authorizationURL: /o/authorize/
          tokenURL: /o/token/
          revocationURL: /o/revoke_token/
          clientId: rowboat-code
          scope: read
        interfaces:
          items:
            url: /api/items
            response: {list: items}
            item: {id: id, title: name}
        """, name: "signin.yaml")
    }

    /// Runs `script` (sh) with the config, the binary and a state folder in
    /// its environment; each step writes NAME.out and NAME.err in `dir`.
    static func run(_ argv: [String], dir: String, config: String, extra: [String: String?] = [:]) throws -> ProcessResult {
        var changes: [String: String?] = [
            "ROWBOAT": Subprocess.rowboat, "CONFIG": config, "OUT": dir, "BROWSER": OAuthTestServer.browserCommand,
            "XDG_STATE_HOME": dir + "/state", "XDG_CACHE_HOME": dir + "/cache", "ROWBOAT_TOKEN_STORE": nil,
        ]
        for (k, v) in extra { changes[k] = v }
        return try ProcessRunner.run(ProcessSpec(argv, environment: ProcessRunner.environment(changes),
                                                 stdout: .capture, stderr: .capture))
    }

    /// The steps a person takes: sign in, look, fetch, sign out, look.
    static let steps = """
    step() { name=$1; shift; "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"; echo $? >"$OUT/$name.status"; }
    step login "$ROWBOAT" auth login --config "$CONFIG"
    step status "$ROWBOAT" auth status --config "$CONFIG"
    step fetch "$ROWBOAT" fetch items --config "$CONFIG" --format csv
    step tokens cat "$XDG_STATE_HOME"/rowboat/tokens/*.json
    step logout "$ROWBOAT" auth logout --config "$CONFIG"
    step after "$ROWBOAT" auth status --config "$CONFIG"
    """

    static func read(_ dir: String, _ name: String) -> String {
        (try? String(contentsOfFile: "\(dir)/\(name)", encoding: .utf8)) ?? ""
    }

    static func expectTheSteps(_ dir: String, storedIn: String) {
        for step in ["login", "status", "fetch", "logout", "after"] {
            #expect(read(dir, step + ".status") == "0\n", "\(step): \(read(dir, step + ".err"))")
        }
        #expect(read(dir, "login.err").contains("Signed in to "))
        #expect(read(dir, "status.out").contains("Signed in\nScopes: read\n"))
        #expect(read(dir, "status.out").contains("Stored in: \(storedIn)"), "\(read(dir, "status.out"))")
        #expect(read(dir, "fetch.out").contains("3,item 3"), "\(read(dir, "fetch.out")) \(read(dir, "fetch.err"))")
        #expect(read(dir, "logout.out").hasPrefix("Revoked the tokens at "))
        #expect(read(dir, "after.out").contains("Not signed in (run rowboat auth login)"))
    }

    @Test func withoutASecretServiceTheTokensAreInA0600FileAndNeverPrinted() async throws {
        try await OAuthTestServer.withRunning { server in
            let dir = try Paths.tempDir().path
            let result = try Self.run(["sh", "-c", Self.steps], dir: dir, config: try Self.config(server),
                                      extra: ["DBUS_SESSION_BUS_ADDRESS": nil])
            #expect(result.status == 0)
            Self.expectTheSteps(dir, storedIn: "file \(dir)/state/rowboat/tokens/")
            #expect(Self.read(dir, "status.out").contains("(mode 0600)"))
            #expect(Self.read(dir, "status.out").contains("(no D-Bus session (DBUS_SESSION_BUS_ADDRESS unset): no keyring)"))
            // The file held the tokens while signed in; no output shows them.
            let stored = try JSONSerialization.jsonObject(with: Data(Self.read(dir, "tokens.out").utf8)) as? [String: Any]
            let secrets = try #require(["accessToken", "refreshToken"].map { stored?[$0] as? String } as? [String])
            for step in ["login", "status", "fetch", "logout", "after"] {
                for ext in ["out", "err"] {
                    let text = Self.read(dir, "\(step).\(ext)")
                    for secret in secrets { #expect(!text.contains(secret), "\(step).\(ext) shows a token") }
                }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/state/rowboat/tokens")
            #expect(files.isEmpty)       // forgotten at logout
            let cached = (try? FileManager.default.subpathsOfDirectory(atPath: "\(dir)/cache")) ?? []
            #expect(!cached.contains { $0.contains("tokens") })
        }
    }

    @Test func withGnomeKeyringTheTokensAreInTheKeyringAndNoFileIsWritten() async throws {
        try await OAuthTestServer.withRunning { server in
            let dir = try Paths.tempDir().path
            let script = "echo -n rowboat-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null\n" + Self.steps
            let result = try Self.run(["dbus-run-session", "--", "sh", "-c", script], dir: dir,
                                      config: try Self.config(server))
            #expect(result.status == 0, "\(result.stderr)")
            Self.expectTheSteps(dir, storedIn: "the system keyring (Secret Service")
            #expect(!FileManager.default.fileExists(atPath: "\(dir)/state/rowboat/tokens"))
        }
    }

    @Test func theDeviceFlowOnTheTerminalShowsTheURLAndCodeThenSignsIn() async throws {
        try await OAuthTestServer.withRunning { server in
            let dir = try Paths.tempDir().path
            let config = try Paths.write("""
            server: \(server.origin)
            auth: {type: oauth2-device, deviceAuthorizationURL: /o/device-authorization/, tokenURL: /o/token/,
                   clientId: rowboat-device, scope: read}
            interfaces:
              items: {url: /api/items, response: {list: items}, item: {id: id, title: name}}
            """, name: "device.yaml")
            let login = try ProcessRunner.spawn(ProcessSpec(
                [Subprocess.rowboat, "auth", "login", "--config", config],
                environment: ProcessRunner.environment(["XDG_STATE_HOME": dir + "/state", "ROWBOAT_TOKEN_STORE": "file"]),
                stdout: .file(dir + "/login.out"), stderr: .file(dir + "/login.err")))
            // The person reads the code off the terminal and approves it in a browser.
            let code = await eventuallyValue(timeout: 30, every: 0.1) { () -> String? in
                let said = Self.read(dir, "login.err")
                guard let range = said.range(of: " and enter the code ") else { return nil }
                return said[range.upperBound...].split(separator: "\n").first.map(String.init)
            }
            let userCode = try #require(code, "no code in: \(Self.read(dir, "login.err"))")
            let person = await OAuthTestServer.person(["device", server.origin, userCode, "accept"])
            #expect(person.status == 0, "\(person.output)")
            let status = await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: login.wait().status) }
            }
            let said = Self.read(dir, "login.err")
            #expect(status == 0, "\(said)")
            let lines = said.split(separator: "\n").map(String.init)
            #expect(lines.first == "To sign in, open \(server.origin)/o/device/ and enter the code \(userCode)")
            #expect(lines.contains { $0.hasPrefix("Signed in to \(server.origin); tokens stored in file ") })
            #expect(Self.read(dir, "login.out").isEmpty)
        }
    }

    @Test func aConfigWithNothingToSignInToIsOneLine() async throws {
        let config = try Paths.write("""
        server: http://127.0.0.1:9
        auth: {type: bearer, token: abcdefgh12345}
        interfaces:
          items: {url: /items, response: {list: items}, item: {id: id, title: name}}
        """, name: "bearer.yaml")
        let result = try await Subprocess.rowboat(["auth", "status", "--config", config])
        #expect(result.status == 1)
        #expect(result.stderr == "rowboat: \(config): nothing to sign in to (its auth is bearer token (hidden)); "
                + "auth type oauth2-code or oauth2-device signs in\n")
    }

    @Test func aSignInConfigMissingItsEndpointNamesFileLineAndKey() async throws {
        let config = try Paths.write("""
        server: http://127.0.0.1:9
        auth:
          type: oauth2-device
          tokenURL: /token
          clientId: me
        interfaces:
          items: {url: /items, response: {list: items}, item: {id: id, title: name}}
        """, name: "device.yaml")
        let result = try await Subprocess.rowboat(["auth", "login", "--config", config])
        #expect(result.status == 1)
        #expect(result.stderr.contains("device.yaml:3"), "\(result.stderr)")
        #expect(result.stderr.contains("auth type oauth2-device needs \"deviceAuthorizationURL\""))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
