import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("auth: section and RequestAuthorizer")
struct AuthConfigTests {
    func config(_ auth: String, environment: [String: String] = ["T": "s3cr3t-token"]) throws -> RowboatConfig {
        try ConfigLoader.parse("""
        server: https://api.example.com
        auth:
        \(auth)
        interfaces:
          e: {url: /v1/items, item: {title: t}, paging: {style: nextURL, nextURL: next}}
        """, file: "a.yaml", environment: environment)
    }

    func spec(_ url: String) -> RequestSpec {
        RequestSpec(method: .get, url: url, headers: [("Accept", "application/json")], body: nil, timeoutSeconds: 5)
    }

    @Test func eachTypeLoads() throws {
        #expect(try config("  type: bearer\n  token: ${T}").auth == .bearer(token: "s3cr3t-token"))
        #expect(try config("  {type: basic, username: me, password: '${T}'}").auth == .basic(username: "me", password: "s3cr3t-token"))
        #expect(try config("  {type: apiKey, name: X-Key, value: k}").auth == .apiKeyHeader(name: "X-Key", value: "k"))
        #expect(try config("  {type: apiKey, in: query, name: key, value: k}").auth == .apiKeyQuery(name: "key", value: "k"))
        #expect(try config("  {type: oauth2, tokenURL: /oauth/token, clientId: id, clientSecret: '${T}', scope: read, params: {audience: api}, clientAuth: body}").auth
                == .oauth2(OAuth2Settings(tokenURL: "/oauth/token", clientID: "id", clientSecret: "s3cr3t-token", scope: "read",
                                          params: ["audience": "api"], clientAuth: .body)))
    }

    @Test func mistakesNameTheSpot() {
        func error(_ auth: String) -> String? {
            do { _ = try config(auth); return nil } catch { return "\(error)" }
        }
        #expect(error("  {type: beaer, token: x}") == #"a.yaml:3:10: auth.type: unknown auth type "beaer" (one of bearer, basic, apiKey, oauth2, oauth2-code, oauth2-device); did you mean "bearer"?"#)
        #expect(error("  {type: bearer}") == #"a.yaml:3:3: auth: auth type bearer needs "token""#)
        #expect(error("  {type: bearer, tokn: x}") == #"a.yaml:3:18: auth.tokn: unknown key "tokn"; did you mean "token"?"#)
        #expect(error("  {type: bearer, token: x, clientId: y}") == "a.yaml:3:38: auth.clientId: clientId does not apply to auth type bearer (it takes token)")
        #expect(error("  {type: apiKey, in: cookie, name: k, value: v}") == #"a.yaml:3:22: auth.in: in must be header or query, found "cookie""#)
        #expect(error("  {type: oauth2, tokenURL: oauth/token, clientId: a, clientSecret: b}") == "a.yaml:3:28: auth.tokenURL: tokenURL must be an http(s) URL or a path on the server")
        #expect(error("  {type: bearer, token: ''}") == "a.yaml:3:25: auth.token: token is empty")
        #expect(error("  type: bearer\n  token: ${NOPE}") == "a.yaml:4:10: auth.token: environment variable NOPE is not set")
    }

    @Test func signInTypesLoad() throws {
        let code = try config("""
          type: oauth2-code
          authorizationURL: https://auth.example.com/authorize
          tokenURL: /oauth/token
          revocationURL: /oauth/revoke
          clientId: desk
          clientSecret: ${T}
          clientAuth: body
          scope: read write
          audience: https://api.example.com
          params: {prompt: consent}
          redirectPath: /done
        """)
        #expect(code.auth == .signIn(SignInSettings(
            flow: .code, authorizationURL: "https://auth.example.com/authorize", tokenURL: "/oauth/token",
            revocationURL: "/oauth/revoke", clientID: "desk", clientSecret: "s3cr3t-token", scope: "read write",
            audience: "https://api.example.com", params: ["prompt": "consent"], clientAuth: .body, redirectPath: "/done")))
        #expect(code.auth?.secrets == ["s3cr3t-token"])
        #expect(!"\(try #require(code.auth))".contains("s3cr3t"))
        let device = try config("  {type: oauth2-device, deviceAuthorizationURL: /device, tokenURL: /token, clientId: tv}")
        #expect(device.auth == .signIn(SignInSettings(flow: .device, deviceAuthorizationURL: "/device", tokenURL: "/token",
                                                      clientID: "tv")))
        #expect(device.auth?.secrets == [])
    }

    @Test func signInMistakesNameTheSpot() {
        func error(_ auth: String) -> String? {
            do { _ = try config(auth); return nil } catch { return "\(error)" }
        }
        #expect(error("  {type: oauth2-code, tokenURL: /t, clientId: c}") == #"a.yaml:3:3: auth: auth type oauth2-code needs "authorizationURL""#)
        #expect(error("  {type: oauth2-device, tokenURL: /t, clientId: c}") == #"a.yaml:3:3: auth: auth type oauth2-device needs "deviceAuthorizationURL""#)
        #expect(error("  {type: oauth2-device, deviceAuthorizationURL: /d, tokenURL: /t, clientId: c, redirectPath: /x}")
                == "a.yaml:3:94: auth.redirectPath: redirectPath does not apply to auth type oauth2-device (it takes deviceAuthorizationURL, tokenURL, revocationURL, clientId, clientSecret, scope, audience, params, clientAuth)")
        #expect(error("  {type: oauth2-code, authorizationURL: javascript:x, tokenURL: /t, clientId: c}")
                == "a.yaml:3:41: auth.authorizationURL: authorizationURL must be an http(s) URL or a path on the server")
        #expect(error("  {type: oauth2-code, authorizationURL: /a, tokenURL: /t, clientId: c, redirectPath: 'cb?x=1'}")
                == "a.yaml:3:86: auth.redirectPath: redirectPath must be a path starting with / (no query, spaces or control characters)")
    }

    @Test func descriptionsHideSecrets() throws {
        for auth in ["  {type: bearer, token: '${T}'}", "  {type: basic, username: me, password: '${T}'}",
                     "  {type: apiKey, name: k, value: '${T}'}", "  {type: oauth2, tokenURL: /t, clientId: i, clientSecret: '${T}'}"] {
            let c = try config(auth)
            #expect(!"\(try #require(c.auth))".contains("s3cr3t"))
            #expect(!String(describing: c).contains("s3cr3t"))
        }
    }

    @Test func credentialsGoOnlyToTheServersOrigin() {
        let bearer = RequestAuthorizer(auth: .bearer(token: "tok"), server: "https://api.example.com/base")
        let same = bearer.apply(to: spec("https://api.example.com:443/v1/items?page=2"), token: nil)
        #expect(same.headers.last! == ("Authorization", "Bearer tok"))
        #expect(same.configHeaderNames.contains("authorization"))
        for other in ["https://cdn.example.com/v1", "http://api.example.com/v1", "https://api.example.com:8443/v1",
                      "https://api.example.com.evil.test/v1", "not a url"] {
            #expect(bearer.apply(to: spec(other), token: nil) == spec(other), "\(other)")
        }
    }

    @Test func eachKindOfCredential() {
        let basic = RequestAuthorizer(auth: .basic(username: "me", password: "pw"), server: "https://h")
        #expect(basic.apply(to: spec("https://h/x"), token: nil).headers.last! == ("Authorization", "Basic bWU6cHc="))
        let header = RequestAuthorizer(auth: .apiKeyHeader(name: "X-Key", value: "k1"), server: "https://h")
        let h = header.apply(to: spec("https://h/x"), token: nil)
        #expect(h.headers.last! == ("X-Key", "k1"))
        #expect(h.configHeaderNames == ["x-key"])
        let query = RequestAuthorizer(auth: .apiKeyQuery(name: "api key", value: "k&1"), server: "https://h")
        #expect(query.apply(to: spec("https://h/x?a=1"), token: nil).url == "https://h/x?a=1&api%20key=k%261")
        #expect(query.apply(to: spec("https://h/x"), token: nil).url == "https://h/x?api%20key=k%261")
        #expect(query.apply(to: spec("https://h/x?api%20key=old"), token: nil).url == "https://h/x?api%20key=old")
        #expect(query.scrub(url: "https://h/x?a=1&api%20key=k%261&b=2") == "https://h/x?a=1&b=2")
        #expect(query.scrub(url: "https://h/x?api%20key=k%261") == "https://h/x")
        let oauth = RequestAuthorizer(auth: .oauth2(OAuth2Settings(tokenURL: "/t", clientID: "i", clientSecret: "s")),
                                      server: "https://h")
        #expect(oauth.apply(to: spec("https://h/x"), token: "at").headers.last! == ("Authorization", "Bearer at"))
    }
}
