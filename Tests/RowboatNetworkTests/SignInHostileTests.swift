import Foundation
import RowboatSpec
import Synchronization
import Testing
@testable import RowboatNetwork

/// Sign-in against servers that misbehave (the test server on 127.0.0.1):
/// a token endpoint that echoes the code verifier or sends escapes, token
/// and device requests redirected to another origin, a device endpoint with
/// an interval of 0 or 10^9, a `javascript:` verification URI, slow_down,
/// expired_token. Nothing secret is ever in a line; every outcome is one line.
@Suite("sign-in: hostile servers", .serialized, .timeLimit(.minutes(1)))
struct SignInHostileTests {
    /// The test plays an authorization server that approves at once: it
    /// sends the browser straight to the redirect with a code and the state
    /// (a new code each time: a code once seen is a secret, and the
    /// transport sends a secret nowhere but its origin).
    static let approvingBrowser: @Sendable (String) async -> String? = { url in
        let redirect = SignInSupport.param("redirect_uri", in: url)!
        let state = SignInSupport.param("state", in: url)!
        let transport = HTTPTransport()
        let reply = try? await transport.send(RequestSpec(method: .get, url: redirect + "?code=the-code-\(UUID().uuidString)&state=" + state,
                                                          headers: [], body: nil, timeoutSeconds: 5))
        await transport.shutdown()
        return reply?.status == 200 ? nil : "the redirect was not taken"
    }

    static func withServer(_ handler: @escaping TestServer.Handler,
                           _ body: (TestServer, HTTPTransport) async throws -> Void) async throws {
        let server = try await TestServer.start(handler)
        let transport = HTTPTransport(connectTimeoutSeconds: 2)
        do {
            try await body(server, transport)
        } catch {
            await transport.shutdown()
            await server.stop()
            throw error
        }
        await transport.shutdown()
        await server.stop()
    }

    static func codeLogin(_ server: TestServer, transport: HTTPTransport, store: FileTokenStore,
                          said: SaidLines = SaidLines()) async -> Result<TokenRecord, DataError> {
        do {
            let config = try SignInSupport.codeConfig(server.baseURL, tokenURL: "/token")
            let context = SignInSupport.context(config, store: store, transport: transport)
            return .success(try await CodeSignIn.run(context, waitSeconds: 20, open: approvingBrowser, say: said.say))
        } catch let error as DataError {
            return .failure(error)
        } catch {
            return .failure(.auth("unexpected \(error)"))
        }
    }

    @Test func aTokenEndpointThatEchoesTheVerifierNeverGetsItShown() async throws {
        let verifier = Mutex<String?>(nil)
        try await Self.withServer({ request, _ in
            let form = URLComponents(string: "?" + request.body)?.queryItems ?? []
            let sent = form.first { $0.name == "code_verifier" }?.value ?? ""
            verifier.withLock { $0 = sent }
            return .json(["error": "invalid_grant", "error_description": "bad verifier \(sent) \u{1b}[2J\u{1b}]0;pwned\u{07}"],
                         status: 400)
        }) { server, transport in
            let store = SignInSupport.fileStore()
            let said = SaidLines()
            guard case .failure(let error) = await Self.codeLogin(server, transport: transport, store: store, said: said) else {
                Issue.record("signed in against an endpoint that refused")
                return
            }
            let sent = try #require(verifier.withLock { $0 })
            #expect(sent.count == 43)
            let request = try #require(server.requests(path: "/token").first)
            #expect(request.body.contains("code=the-code-") && request.body.contains("grant_type=authorization_code"))
            let line = error.description
            #expect(line.hasPrefix("auth: token request to \(server.baseURL) failed: HTTP 400 invalid_grant: bad verifier "))
            #expect(!line.contains(sent) && !line.contains("\u{1b}") && !line.contains("\u{07}") && !line.contains("\n"))
            #expect(!Sanitizer.clean(line).contains(sent))
            for line in said.all { #expect(!line.contains(sent) && !line.contains("the-code-")) }
        }
    }

    @Test func aTokenWithEscapesIsRefusedAndNothingIsStored() async throws {
        try await Self.withServer({ _, _ in
            // (Tokens registered as secrets are redacted for the rest of the process, their pieces
            // too: text no other test writes.)
            .json(["access_token": "tok\u{1b}[31mQvZt8", "token_type": "Bearer", "refresh_token": "r-\u{1b}]52;c;Qv8\u{07}"])
        }) { server, transport in
            let store = SignInSupport.fileStore()
            guard case .failure(let error) = await Self.codeLogin(server, transport: transport, store: store) else {
                Issue.record("a token with escapes was taken")
                return
            }
            #expect(error.description.contains("the access_token from \(server.baseURL) holds characters a header cannot carry"))
            #expect(!error.description.contains("\u{1b}"))
            #expect(!FileManager.default.fileExists(atPath: store.directory))
        }
    }

    @Test func aTokenRequestRedirectedToAnotherOriginIsRefused() async throws {
        let elsewhere = try await TestServer.start { _, _ in .json(["access_token": "stolen-token-1", "token_type": "Bearer"]) }
        try await Self.withServer({ _, _ in .redirect(elsewhere.baseURL + "/token", status: 307) }) { server, transport in
            let store = SignInSupport.fileStore()
            guard case .failure(let error) = await Self.codeLogin(server, transport: transport, store: store) else {
                Issue.record("followed the token request's redirect")
                return
            }
            #expect(error.description.contains("redirect refused"), "\(error)")
            #expect(error.description.contains("stays on its origin"))
            #expect(elsewhere.requests.isEmpty)
        }
        await elsewhere.stop()
    }

    @Test func aRefreshRedirectedToAnotherOriginIsRefusedAndNothingLeaves() async throws {
        let elsewhere = try await TestServer.start { _, _ in .json(["access_token": "stolen-token-2", "token_type": "Bearer"]) }
        try await Self.withServer({ request, _ in
            request.path == "/token" ? .redirect(elsewhere.baseURL + "/token", status: 308) : .json(["items": []], status: 401)
        }) { server, transport in
            let store = SignInSupport.fileStore()
            let config = try SignInSupport.codeConfig(server.baseURL, tokenURL: "/token")
            let context = SignInSupport.context(config, store: store, transport: transport)
            try store.save(TokenRecord(accessToken: "old-access-token", refreshToken: "the-refresh-token-9",
                                       expiresAt: 1, obtainedAt: 0, scope: nil), account: context.account)
            let client = DataClient(config: config, transport: transport, tokenStore: store)
            let error = await Support.failure { _ = try await client.fetchPage("items", cursor: .first) }
            let line = try #require(error).description
            #expect(line.contains("stays on its origin") && !line.contains("the-refresh-token-9"), "\(line)")
            #expect(elsewhere.requests.isEmpty)
            #expect(server.requests(path: "/api/items").isEmpty)
        }
        await elsewhere.stop()
    }

    /// A device endpoint answering `device`, a token endpoint answering from `polls` in turn.
    static func device(code: String, interval: Double? = nil, uri: String? = nil, polls: [Reply]) -> TestServer.Handler {
        let count = Mutex(0)
        return { request, base in
            switch request.path {
            case "/device":
                var answer: [String: Any] = ["device_code": "dc-\(code)-1234", "user_code": code,
                                             "verification_uri": uri ?? base + "/activate"]
                if let interval { answer["interval"] = interval }
                return .json(answer)
            case "/token":
                let n = count.withLock { c in defer { c += 1 }; return c }
                return polls[min(n, polls.count - 1)]
            default:
                return .json([:], status: 404)
            }
        }
    }

    static let granted = Reply.json(["access_token": "device-access-1", "token_type": "Bearer", "expires_in": 600,
                                     "refresh_token": "device-refresh-1"])

    static func deviceLogin(_ server: TestServer, transport: HTTPTransport, said: SaidLines,
                            waits: Waits) async -> Result<TokenRecord, DataError> {
        do {
            let config = try SignInSupport.deviceConfig(server.baseURL, deviceURL: "/device", tokenURL: "/token")
            let context = SignInSupport.context(config, store: SignInSupport.fileStore(), transport: transport)
            return .success(try await DeviceSignIn.run(context, say: said.say, sleep: { s in waits.add(s) }))
        } catch let error as DataError {
            return .failure(error)
        } catch {
            return .failure(.auth("unexpected \(error)"))
        }
    }

    @Test(arguments: [(0.0, 1.0, "The server asked to poll every 0 s; polling every 1 s instead"),
                      (1e9, 60.0, "The server asked to poll every 1000000000 s; polling every 60 s instead")])
    func anIntervalOutOfBoundsIsClampedAndSaid(asked: Double, used: Double, line: String) async throws {
        try await Self.withServer(Self.device(code: "WDJB-MJHT", interval: asked,
                                              polls: [.json(["error": "authorization_pending"], status: 400), Self.granted])) {
            server, transport in
            let said = SaidLines()
            let waits = Waits()
            let outcome = await Self.deviceLogin(server, transport: transport, said: said, waits: waits)
            guard case .success = outcome else { Issue.record("\(outcome)"); return }
            #expect(said.all.contains(line))
            #expect(waits.all == [used, used])
            #expect(said.all.contains("To sign in, open \(server.baseURL)/activate and enter the code WDJB-MJHT"))
        }
    }

    @Test func slowDownAddsFiveSecondsAndPendingIsSaidOnce() async throws {
        try await Self.withServer(Self.device(code: "ABCD", interval: 5,
                                              polls: [.json(["error": "authorization_pending"], status: 400),
                                                      .json(["error": "slow_down"], status: 400),
                                                      .json(["error": "authorization_pending"], status: 400),
                                                      Self.granted])) { server, transport in
            let said = SaidLines()
            let waits = Waits()
            let outcome = await Self.deviceLogin(server, transport: transport, said: said, waits: waits)
            guard case .success = outcome else { Issue.record("\(outcome)"); return }
            #expect(waits.all == [5, 5, 10, 10])
            #expect(said.all.filter { $0.hasPrefix("Waiting for approval") }.count == 1)
            #expect(said.all.contains("The server asked to slow down: polling every 10 s"))
            let polls = server.requests(path: "/token")
            #expect(polls.count == 4)
            #expect(polls.allSatisfy { $0.body.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code") })
        }
    }

    @Test(arguments: [("expired_token", "auth: the code expired before it was approved: run rowboat auth login again"),
                      ("access_denied", "auth: the sign-in was denied at ")])
    func expiredAndDeniedAreOneLine(error: String, line: String) async throws {
        try await Self.withServer(Self.device(code: "QQQQ", interval: 1,
                                              polls: [.json(["error": error], status: 400)])) { server, transport in
            let waits = Waits()
            let outcome = await Self.deviceLogin(server, transport: transport, said: SaidLines(), waits: waits)
            guard case .failure(let e) = outcome else { Issue.record("signed in"); return }
            #expect(e.description.hasPrefix(line))
            #expect(!e.description.contains("\n"))
        }
    }

    @Test(arguments: ["javascript:alert(document.cookie)", "file:///etc/passwd", "http://127.0.0.1/\u{1b}[2Jx",
                      "http://127.0.0.1/\u{202E}evil", "data:text/html,<script>x</script>"])
    func aVerificationURIThatIsNotAWebURLIsRefused(uri: String) async throws {
        try await Self.withServer(Self.device(code: "CODE", uri: uri,
                                              polls: [Self.granted])) { server, transport in
            let said = SaidLines()
            let waits = Waits()
            let outcome = await Self.deviceLogin(server, transport: transport, said: said, waits: waits)
            guard case .failure(let e) = outcome else { Issue.record("showed \(uri)"); return }
            #expect(e.description.contains("refused the verification_uri from \(server.baseURL): only http and https URLs"))
            #expect(!e.description.contains("\u{1b}"))
            #expect(said.all.isEmpty && server.requests(path: "/token").isEmpty)
        }
    }

    @Test func aDeviceRequestRedirectedToAnotherOriginIsRefused() async throws {
        let elsewhere = try await TestServer.start { _, _ in .json(["device_code": "x", "user_code": "y"]) }
        try await Self.withServer({ _, _ in .redirect(elsewhere.baseURL + "/device", status: 307) }) { server, transport in
            let waits = Waits()
            let outcome = await Self.deviceLogin(server, transport: transport, said: SaidLines(), waits: waits)
            guard case .failure(let e) = outcome else { Issue.record("followed"); return }
            #expect(e.description.contains("stays on its origin"), "\(e)")
            #expect(elsewhere.requests.isEmpty)
        }
        await elsewhere.stop()
    }

    @Test func theAuthorizationURLCarriesWhatTheConfigAsksFor() async throws {
        let config = try SignInSupport.codeConfig("https://api.example.com",
                                                  extra: ", audience: 'https://api.example.com', params: {prompt: consent, a b: 'x&y'}")
        let transport = HTTPTransport()
        let context = SignInSupport.context(config, store: SignInSupport.fileStore(), transport: transport)
        await transport.shutdown()
        let url = CodeSignIn.authorizationURL("https://auth.example.com/authorize?tenant=t1", context: context,
                                              redirectURI: "http://127.0.0.1:5555/callback", challenge: "CH", state: "ST")
        #expect(url == "https://auth.example.com/authorize?tenant=t1&response_type=code&client_id=rowboat-code"
                + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback&code_challenge=CH&code_challenge_method=S256"
                + "&state=ST&scope=read&audience=https%3A%2F%2Fapi.example.com&a%20b=x%26y&prompt=consent")
    }

    @Test func anIDTokenNamesWhoSignedInCleanedAndNeverShown() async throws {
        func jwt(_ claims: String) -> String {
            "eyJhbGciOiJub25lIn0." + PKCE.base64URL(Array(claims.utf8)) + ".c2ln"
        }
        let idToken = jwt(#"{"sub":"42","preferred_username":"alice\u001b[31m@example.com"}"#)
        try await Self.withServer({ _, _ in
            .json(["access_token": "access-\(UUID().uuidString)", "token_type": "Bearer", "id_token": idToken])
        }) { server, transport in
            let store = SignInSupport.fileStore()
            guard case .success(let record) = await Self.codeLogin(server, transport: transport, store: store) else {
                Issue.record("no sign-in")
                return
            }
            #expect(record.identity == "alice[31m@example.com")
            let config = try SignInSupport.codeConfig(server.baseURL, tokenURL: "/token")
            let lines = try SignInStatus.lines(SignInSupport.context(config, store: store, transport: transport))
            #expect(lines.contains("Signed in as alice[31m@example.com"))
            #expect(!lines.joined().contains(idToken) && !lines.joined().contains("\u{1b}"))
        }
        #expect(OAuth2Exchange.identity(inIDToken: jwt(#"{"sub":"s-1"}"#)) == "s-1")
        #expect(OAuth2Exchange.identity(inIDToken: "not-a-jwt") == nil)
        #expect(OAuth2Exchange.identity(inIDToken: jwt("[1]")) == nil)
    }

    @Test func theTokenGoesOnlyToTheServersOrigin() async throws {
        let elsewhere = try await TestServer.start { _, _ in .json(["items": [["id": 9, "name": "far"]]]) }
        try await Self.withServer({ request, _ in
            .json(["items": [["id": 1, "name": "near"]], "next": elsewhere.baseURL + "/api/items?page=2"])
        }) { server, transport in
            let store = SignInSupport.fileStore()
            let config = try Support.config("""
            auth: {type: oauth2-code, authorizationURL: /authorize, tokenURL: /token, clientId: c}
            interfaces:
              items:
                url: /api/items
                paging: {style: nextURL, nextURL: next}
                response: {list: items}
                item: {id: id, title: name}
            """, server: server.baseURL)
            let context = SignInSupport.context(config, store: store, transport: transport)
            let token = "stored-access-\(UUID().uuidString)"
            try store.save(TokenRecord(accessToken: token, refreshToken: nil, expiresAt: nil, obtainedAt: 0, scope: nil),
                           account: context.account)
            let client = DataClient(config: config, transport: transport, tokenStore: store)
            let first = try await client.fetchPage("items", cursor: .first)
            #expect(server.requests(path: "/api/items").first?.header("Authorization") == "Bearer \(token)")
            _ = try? await client.fetchPage("items", cursor: .url(try #require(first.nextURL)))
            #expect(elsewhere.requests.count == 1)
            #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil && !$0.query.contains(token) })
        }
        await elsewhere.stop()
    }

    @Test func theS256ChallengeIsRFC7636sExample() {
        // RFC 7636 appendix B.
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let pkce = PKCE()
        #expect(pkce.verifier.count == 43 && Secrets.appear(in: "x \(pkce.verifier) y"))
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)).hasPrefix("41edece42d63e8d9bf515a9ba6932e1c"))
    }
}
