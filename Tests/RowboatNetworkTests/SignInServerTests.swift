import Foundation
import RowboatApp
import RowboatSpec
import Synchronization
import Testing
@testable import RowboatNetwork
import RowboatTestSupport

/// Sign-in against a real OAuth2 server (django-oauth-toolkit on 127.0.0.1,
/// started per test): the code grant with PKCE (the test plays the browser),
/// the device grant (the test approves the code), refresh before expiry and
/// after a 401 with rotated refresh tokens stored again, a revoked refresh
/// token, revocation at logout.
@Suite("sign-in against django-oauth-toolkit", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: OAuthTestServer.available, Comment(rawValue: OAuthTestServer.skipReason)))
struct SignInServerTests {
    /// Signs in with the code flow; the store holds the tokens.
    static func login(_ server: OAuthTestServer, store: FileTokenStore, transport: HTTPTransport,
                      clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                      said: SaidLines = SaidLines()) async throws -> (RowboatConfig, TokenRecord) {
        let config = try SignInSupport.codeConfig(server.origin)
        let context = SignInSupport.context(config, store: store, transport: transport, clock: clock)
        let record = try await CodeSignIn.run(context, waitSeconds: 60, open: SignInSupport.browser, say: said.say)
        return (config, record)
    }

    static func withServer(_ body: (OAuthTestServer, FileTokenStore, HTTPTransport) async throws -> Void) async throws {
        try await OAuthTestServer.withRunning { server in
            let transport = HTTPTransport(connectTimeoutSeconds: 2)
            do {
                try await body(server, SignInSupport.fileStore(), transport)
                await transport.shutdown()
            } catch {
                await transport.shutdown()
                Issue.record("server log: \(server.log.suffix(1500))")
                throw error
            }
        }
    }

    @Test func theCodeFlowWithPKCESignsInAndThePagesCome() async throws {
        try await Self.withServer { server, store, transport in
            let said = SaidLines()
            let config = try SignInSupport.codeConfig(server.origin)
            let context = SignInSupport.context(config, store: store, transport: transport)
            let seenURL = Mutex<String?>(nil)
            let record = try await CodeSignIn.run(context, waitSeconds: 60, open: { url in
                seenURL.withLock { $0 = url }
                // A forged redirect first (wrong state): refused, the sign-in goes on.
                let redirect = SignInSupport.param("redirect_uri", in: url)!
                let forged = try? await transport.send(RequestSpec(method: .get, url: redirect + "?code=forged&state=nope",
                                                                   headers: [], body: nil, timeoutSeconds: 5))
                #expect(forged?.status == 400)
                return await SignInSupport.browser(url)
            }, say: said.say)
            let url = try #require(seenURL.withLock { $0 })
            #expect(SignInSupport.param("code_challenge_method", in: url) == "S256")
            #expect(SignInSupport.param("code_challenge", in: url)?.count == 43)
            #expect(SignInSupport.param("redirect_uri", in: url)?.hasPrefix("http://127.0.0.1:") == true)
            #expect(SignInSupport.param("scope", in: url) == "read")
            #expect(record.refreshToken != nil && record.scope == "read")
            #expect(said.all.contains { $0.contains("state does not match") })
            // Stored in a 0600 file in a 0700 directory, and nothing said shows a secret.
            let path = store.path(account: context.account)
            #expect(SignInSupport.mode(path) == 0o600)
            #expect(SignInSupport.mode(store.directory) == 0o700)
            #expect(try store.load(account: context.account) == record)
            for line in said.all { #expect(!Secrets.appear(in: line), "a secret in \(line)") }
            // The API answers with the stored token.
            let counted = CountingTokenStore(store)
            let client = DataClient(config: config, transport: transport, tokenStore: counted)
            let page = try await client.fetchPage("items", cursor: .first)
            #expect(page.items.map(\.id) == ["1", "2", "3"])
            #expect(counted.saves == 0)
        }
    }

    @Test func statusNeverShowsATokenAndLogoutRevokesAndForgets() async throws {
        try await Self.withServer { server, store, transport in
            let (config, record) = try await Self.login(server, store: store, transport: transport)
            let context = SignInSupport.context(config, store: store, transport: transport)
            let status = try SignInStatus.lines(context)
            #expect(status.contains("Signed in"))
            #expect(status.contains("Scopes: read"))
            #expect(status.contains { $0.hasPrefix("Stored in: file ") && $0.contains("mode 0600") })
            #expect(status.contains { $0.hasPrefix("Access token expires ") })
            for line in status {
                #expect(!line.contains(record.accessToken) && !line.contains(record.refreshToken!))
            }
            let lines = try await SignOut.run(context)
            #expect(lines.first == "Revoked the tokens at \(server.origin)")
            #expect(try store.load(account: context.account) == nil)
            // Revoked at the server: the refresh token no longer works.
            let answer = try await OAuth2Exchange.send(
                context.request(context.tokenURL, fields: [("grant_type", "refresh_token"),
                                                           ("refresh_token", record.refreshToken!)]),
                transport: transport, what: "token refresh")
            #expect(answer.status == 400 && answer.text("error") == "invalid_grant")
            #expect(try SignInStatus.lines(context).contains("Not signed in (run rowboat auth login)"))
        }
    }

    @Test func aTokenIsRefreshedBeforeItExpiresAndTheRotatedRefreshTokenIsStored() async throws {
        try await Self.withServer { server, store, transport in
            let clock = ManualClock()
            let start = Date().timeIntervalSince1970
            clock.advance(start - clock.read())
            let (config, first) = try await Self.login(server, store: store, transport: transport, clock: { clock.read() })
            let counted = CountingTokenStore(store)
            let client = DataClient(config: config, transport: transport, clock: { clock.read() }, tokenStore: counted)
            _ = try await client.fetchPage("items", cursor: .first)
            #expect(counted.saves == 0)
            clock.advance(3600 - 20)     // inside the last 30 s of the hour: renewed before it is used
            let page = try await client.fetchPage("items", cursor: .first)
            #expect(page.items.count == 3)
            #expect(counted.saves == 1)
            let account = SignInAccount.key(SignInSupport.context(config, store: store, transport: transport).settings,
                                            server: config.server)
            let stored = try #require(try store.load(account: account))
            #expect(stored.accessToken != first.accessToken)
            #expect(stored.refreshToken != nil && stored.refreshToken != first.refreshToken)
        }
    }

    @Test func tokensAnotherRowboatRenewedAreUsedNotRefreshedAgain() async throws {
        try await Self.withServer { server, store, transport in
            let clock = ManualClock()
            clock.advance(Date().timeIntervalSince1970 - clock.read())
            let (config, _) = try await Self.login(server, store: store, transport: transport, clock: { clock.read() })
            // Two runs of rowboat on one sign-in, each with the tokens in memory.
            let first = DataClient(config: config, transport: transport, clock: { clock.read() }, tokenStore: store)
            let second = DataClient(config: config, transport: transport, clock: { clock.read() }, tokenStore: store)
            _ = try await first.fetchPage("items", cursor: .first)
            _ = try await second.fetchPage("items", cursor: .first)
            clock.advance(3590)
            _ = try await first.fetchPage("items", cursor: .first)      // renews; the refresh token rotates
            // The second's refresh token is spent: it takes the first's tokens from the store instead.
            let page = try await second.fetchPage("items", cursor: .first)
            #expect(page.items.count == 3)
            let account = SignInSupport.context(config, store: store, transport: transport).account
            #expect(try await second.tokens?.token() == store.load(account: account)?.accessToken)
        }
    }

    @Test func aRefusedTokenIsRefreshedOnceAfterA401() async throws {
        try await Self.withServer { server, store, transport in
            let (config, first) = try await Self.login(server, store: store, transport: transport)
            _ = try await transport.send(RequestSpec(method: .post, url: server.origin + "/test/expire-access-tokens",
                                                     headers: [], body: [], timeoutSeconds: 5))
            let counted = CountingTokenStore(store)
            let client = DataClient(config: config, transport: transport, tokenStore: counted)
            let page = try await client.fetchPage("items", cursor: .first)
            #expect(page.items.map(\.id) == ["1", "2", "3"])
            #expect(counted.saves == 1)
            let context = SignInSupport.context(config, store: store, transport: transport)
            let stored = try #require(try store.load(account: context.account))
            #expect(stored.refreshToken != first.refreshToken)
        }
    }

    @Test func aRevokedRefreshTokenAsksForLoginInOneLine() async throws {
        try await Self.withServer { server, store, transport in
            let (config, _) = try await Self.login(server, store: store, transport: transport)
            for path in ["/test/expire-access-tokens", "/test/revoke-refresh-tokens"] {
                _ = try await transport.send(RequestSpec(method: .post, url: server.origin + path, headers: [], body: [],
                                                         timeoutSeconds: 5))
            }
            let client = DataClient(config: config, transport: transport, tokenStore: store)
            let error = await Support.failure { _ = try await client.fetchPage("items", cursor: .first) }
            let line = try #require(error).description
            #expect(line.contains("ended (refresh refused: invalid_grant): run rowboat auth login --config test.yaml"),
                    "\(line)")
            #expect(!line.contains("\n") && !Secrets.appear(in: line))
        }
    }

    @Test func aSignInThatEndsMidWalkKeepsThePagesAlreadyShown() async throws {
        try await Self.withServer { server, store, transport in
            _ = try await Self.login(server, store: store, transport: transport)
            let walkConfig = try Support.config("""
            auth: {type: oauth2-code, authorizationURL: /o/authorize/, tokenURL: /o/token/, clientId: rowboat-code}
            interfaces:
              items:
                url: /api/items
                paging: {style: nextURL, nextURL: next}
                response: {list: items}
                item: {id: id, title: name}
            """, server: server.origin)
            let client = DataClient(config: walkConfig, transport: transport, tokenStore: store)
            let endpoint = try #require(walkConfig.endpoint("items"))
            let shown = IDBox()
            let error = await Support.failure {
                _ = try await PageSource(client: client, store: nil).walk(endpoint, params: [:], mode: .network,
                                                                          maxPages: 5) { page in
                    await shown.add(page.items.map(\.id))
                    // The admin ends the sign-in after the first page.
                    for path in ["/test/expire-access-tokens", "/test/revoke-refresh-tokens"] {
                        _ = try? await transport.send(RequestSpec(method: .post, url: server.origin + path, headers: [],
                                                                  body: [], timeoutSeconds: 5))
                    }
                }
            }
            #expect(await shown.ids == ["1", "2", "3"])
            let line = try #require(error).description
            #expect(line.hasSuffix("run rowboat auth login --config test.yaml") && !line.contains("\n"), "\(line)")
        }
    }

    @Test(arguments: ["accept", "deny"])
    func theDeviceFlowShowsTheCodeAndPollsUntilApproved(action: String) async throws {
        try await Self.withServer { server, store, transport in
            let config = try SignInSupport.deviceConfig(server.origin)
            let context = SignInSupport.context(config, store: store, transport: transport)
            let said = SaidLines()
            let approval = Mutex<Task<(status: Int32, output: String), Never>?>(nil)
            let waits = Waits()
            let outcome: Result<TokenRecord, DataError>
            do {
                outcome = .success(try await DeviceSignIn.run(context, prompt: { prompt in
                    #expect(prompt.verificationURI == server.origin + "/o/device/")
                    approval.withLock { $0 = Task { await OAuthTestServer.person(["device", server.origin, prompt.userCode, action]) } }
                }, say: said.say, sleep: { seconds in
                    waits.add(seconds)
                    try await Task.sleep(for: .seconds(seconds))
                }))
            } catch let error as DataError {
                outcome = .failure(error)
            }
            let person = await approval.withLock { $0 }!.value
            #expect(person.status == 0, "\(person.output)")
            #expect(said.all.first?.hasPrefix("To sign in, open \(server.origin)/o/device/ and enter the code ") == true)
            #expect(waits.all.allSatisfy { $0 == 1 })     // the server's interval
            for line in said.all { #expect(!Secrets.appear(in: line)) }
            switch (action, outcome) {
            case ("accept", .success(let record)):
                #expect(try store.load(account: context.account) == record)
                let client = DataClient(config: config, transport: transport, tokenStore: store)
                #expect(try await client.fetchPage("items", cursor: .first).items.count == 3)
            case ("deny", .failure(let error)):
                #expect(error.description == "auth: the sign-in was denied at \(server.origin)")
                #expect(try store.load(account: context.account) == nil)
            default:
                Issue.record("\(action): \(outcome)")
            }
        }
    }
}
