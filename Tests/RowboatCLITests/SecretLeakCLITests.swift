import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `rowboat fetch` against a hostile server that wants the credentials: it
/// quotes them in error pages, envelopes and items in many encodings, sends
/// next pages, Link headers and redirects to another origin with the key
/// copied in, and plays a token endpoint that echoes the client secret or
/// redirects elsewhere. Whatever the auth type and the output format, no
/// secret reaches stdout or stderr, and the other origin never gets one.
@Suite("Secrets against a hostile server (CLI)", .serialized, .timeLimit(.minutes(4)))
struct SecretLeakCLITests {
    /// One way a config can hold credentials, and the values to look for.
    struct Auth: CustomStringConvertible, Sendable {
        var description: String
        var section: String
        var headers = ""
        var environment: [String: String] = [:]
        var secrets: [String]
    }

    static let auths: [Auth] = [
        Auth(description: "bearer", section: "auth: {type: bearer, token: \"${HOSTILE_TOKEN}\"}",
             environment: ["HOSTILE_TOKEN": "bearer-tok_Q9x+7/pL2mZ=abc"], secrets: ["bearer-tok_Q9x+7/pL2mZ=abc"]),
        Auth(description: "basic", section: "auth: {type: basic, username: alice, password: \"${HOSTILE_PASSWORD}\"}",
             environment: ["HOSTILE_PASSWORD": "pa55:word with space"], secrets: ["pa55:word with space"]),
        Auth(description: "apiKey header", section: "auth: {type: apiKey, name: X-Api-Key, value: \"${HOSTILE_KEY}\"}",
             environment: ["HOSTILE_KEY": "hk-9f8e7d6c5b4a"], secrets: ["hk-9f8e7d6c5b4a"]),
        Auth(description: "apiKey query", section: "auth: {type: apiKey, in: query, name: api_key, value: \"${HOSTILE_KEY}\"}",
             environment: ["HOSTILE_KEY": "qk/1+2=3&x"], secrets: ["qk/1+2=3&x"]),
        Auth(description: "oauth2 basic",
             section: "auth: {type: oauth2, tokenURL: /secrets/token, clientId: rowboat, clientSecret: \"${HOSTILE_SECRET}\"}",
             environment: ["HOSTILE_SECRET": "cs-Secret_77-zz"], secrets: ["cs-Secret_77-zz", "at-hostile-", "Zx81qPp0"]),
        Auth(description: "oauth2 body",
             section: "auth: {type: oauth2, tokenURL: /secrets/token, clientId: rowboat, clientSecret: \"${HOSTILE_SECRET}\", clientAuth: body}",
             environment: ["HOSTILE_SECRET": "cs-Secret_88-yy"], secrets: ["cs-Secret_88-yy", "at-hostile-", "Zx81qPp0"]),
        Auth(description: "env header", section: "",
             headers: "headers: {X-Trace-Token: \"${HOSTILE_TRACE}\", Authorization: \"Token ${HOSTILE_TRACE}\"}",
             environment: ["HOSTILE_TRACE": "tr-4242-secret"], secrets: ["tr-4242-secret"]),
    ]

    static func config(_ server: HostileServer, _ auth: Auth, tokenMode: String = "ok") throws -> String {
        let section = auth.section.replacingOccurrences(of: "tokenURL: /secrets/token",
                                                        with: "tokenURL: /secrets/token?mode=\(tokenMode)")
        let text = """
        server: \(server.baseURL)
        communication:
          timeout: 5
          \(auth.headers)
        localCache: {enabled: false}
        \(section)
        interfaces:
          items: {url: /secrets/items, paging: {style: none}, response: &envelope {list: datas.list, success: code, successValues: [200], message: msg},
                  item: {id: id, title: title, subtitle: subtitle, description: description, link: link, image: imageUrl},
                  columns: [{field: title}, {field: subtitle}, {field: description}, {field: link}]}
          echo-json: {url: /secrets/echo, params: {status: 401}, paging: {style: none}, response: *envelope, item: {id: id, title: title}}
          echo-fail: {url: /secrets/echo, params: {status: 200, code: 403}, paging: {style: none}, response: *envelope, item: {id: id, title: title}}
          echo-html: {url: /secrets/echo, params: {status: 500, type: html}, paging: {style: none}, response: *envelope, item: {id: id, title: title}}
          echo-text: {url: /secrets/echo, params: {status: 200, type: text}, paging: {style: none}, response: *envelope, item: {id: id, title: title}}
          next-other: {url: /secrets/next-other, paging: {style: nextURL, nextURL: datas.next}, response: *envelope, item: {id: id, title: title}}
          link-other: {url: /secrets/link-other, paging: {style: link}, response: *envelope, item: {id: id, title: title}}
          redirect-other: {url: /secrets/redirect-other, paging: {style: none}, response: *envelope, item: {id: id, title: title}}
        """
        return try Paths.write(text, name: "secrets.yaml")
    }

    /// Every form of every secret found in `text`.
    static func leaks(_ auth: Auth, in text: String) -> [String] {
        auth.secrets.flatMap { secret in SecretLeaks.found(secret, in: text).map { "\(secret) as \($0)" } }
    }

    /// What the other origin received, as one text (paths, headers, bodies).
    static func otherOriginSaw(_ server: HostileServer) -> String {
        ["/other/leak", "/other/leak.png", "/other/next", "/other/redirected", "/other/token"].flatMap { path in
            server.requests(path: path).map { r in
                "\(r.method) \(r.path)?\(r.query) \(r.headers) \(String(decoding: r.body, as: UTF8.self))"
            }
        }.joined(separator: "\n")
    }

    @Test(arguments: auths)
    func noSecretInAnyFormatOrErrorLine(auth: Auth) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let path = try Self.config(server, auth)
        for format in ["table", "json", "jsonl", "csv", "tsv"] {
            let r = try await Subprocess.rowboat(environment: auth.environment,
                                                 ["fetch", "items", "--config", path, "--format", format])
            #expect(r.status == 0, "\(auth) \(format): \(r.stderr)")
            #expect(r.stdout.contains("PLAIN the last row"), "\(auth) \(format)")
            #expect(r.stdout.contains("SECRET raw"), "the rows are there, redacted: \(auth) \(format)")
            #expect(Self.leaks(auth, in: r.stdout + r.stderr).isEmpty,
                    "\(auth) \(format): \(Self.leaks(auth, in: r.stdout + r.stderr))")
        }
        for key in ["echo-json", "echo-fail", "echo-html", "echo-text"] {
            let r = try await Subprocess.rowboat(environment: auth.environment, ["fetch", key, "--config", path])
            #expect(r.status == 1, "\(auth) \(key): \(r.stdout)")
            #expect(r.stderr.hasPrefix("rowboat: "), "\(auth) \(key): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(auth) \(key): \(r.stderr)")
            #expect(Self.leaks(auth, in: r.stdout + r.stderr).isEmpty, "\(auth) \(key): \(r.stderr)")
        }
        // The server did get every secret (else this test would prove nothing).
        let seen = ["/secrets/items", "/secrets/token"].flatMap { server.requests(path: $0) }
            .map { "\($0.headers) \($0.query) \(String(decoding: $0.body, as: UTF8.self))" }.joined(separator: "\n")
        for secret in auth.secrets {
            #expect(!SecretLeaks.found(secret, in: seen).isEmpty, "\(auth): the server never got \(secret)")
        }
    }

    @Test func aTokenEndpointThatEchoesTheClientSecretShowsNone() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        for auth in Self.auths where auth.description.hasPrefix("oauth2") {
            let r = try await Subprocess.rowboat(environment: auth.environment,
                                                 ["fetch", "echo-json", "--config", try Self.config(server, auth, tokenMode: "echo")])
            #expect(r.status == 1)
            #expect(r.stderr.contains("auth: token request to http://127.0.0.1:\(server.port) failed: HTTP 400 invalid_client"),
                    "\(r.stderr)")
            #expect(Self.leaks(auth, in: r.stderr + r.stdout).isEmpty, "\(auth): \(r.stderr)")
        }
    }

    /// A token no header can carry (escape sequences, CR LF, a bidi mark):
    /// refused by what is wrong with it, never by its text; nor does a
    /// static token or header value that holds an escape reach stderr.
    @Test func aTokenWithEscapesIsRefusedWithoutItsText() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let pieces = ["at-esc", "Qv71", "PWNED", "X-Injected", "tail-Wd93", "\u{1B}", "\u{07}", "\u{202E}"]
        for auth in Self.auths where auth.description.hasPrefix("oauth2") {
            let r = try await Subprocess.rowboat(environment: auth.environment,
                                                 ["fetch", "items", "--config", try Self.config(server, auth, tokenMode: "escapes")])
            #expect(r.status == 1)
            #expect(r.stderr == "rowboat: auth: the access_token from http://127.0.0.1:\(server.port) holds characters a header "
                + "cannot carry (control characters, spaces or non-ASCII); it is not used\n", "\(r.stderr)")
            #expect(pieces.allSatisfy { !(r.stdout + r.stderr).contains($0) }, "\(r.stderr)")
        }
        let bearer = Auth(description: "bearer", section: "auth: {type: bearer, token: \"${HOSTILE_TOKEN}\"}",
                          environment: ["HOSTILE_TOKEN": "tok-Qv71\u{1B}]0;PWNED\u{07}tail-Wd93"], secrets: [])
        let r = try await Subprocess.rowboat(environment: bearer.environment, ["fetch", "items", "--config", try Self.config(server, bearer)])
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: network: not sent to 127.0.0.1:\(server.port): a header value holds a character no header "
            + "may carry (a control character or a line break)\n", "\(r.stderr)")
        #expect(pieces.allSatisfy { !(r.stdout + r.stderr).contains($0) }, "\(r.stderr)")
    }

    @Test func aTokenEndpointThatRedirectsToAnotherOriginIsRefusedNamingBoth() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        for auth in Self.auths where auth.description.hasPrefix("oauth2") {
            let r = try await Subprocess.rowboat(environment: auth.environment,
                                                 ["fetch", "items", "--config", try Self.config(server, auth, tokenMode: "redirect")])
            #expect(r.status == 1)
            #expect(r.stderr == "rowboat: auth: token request to http://127.0.0.1:\(server.port) failed: network: redirect refused: "
                + "from http://127.0.0.1:\(server.port) to http://127.0.0.1:\(server.otherPort): this request stays on its origin "
                + "(it carries credentials)\n", "\(r.stderr)")
        }
        #expect(server.requestCount(path: "/other/token") == 0)
    }

    @Test func nextPagesLinksAndRedirectsToAnotherOriginNeverCarryACredential() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        for auth in Self.auths {
            let path = try Self.config(server, auth)
            for key in ["next-other", "link-other", "redirect-other"] {
                let r = try await Subprocess.rowboat(environment: auth.environment,
                                                     ["fetch", key, "--config", path, "--pages", "2", "--format", "jsonl"])
                #expect(Self.leaks(auth, in: r.stdout + r.stderr).isEmpty, "\(auth) \(key): \(r.stderr)")
                if auth.description == "apiKey query" {
                    // The server copied the key into the URL: that request is not sent.
                    #expect(r.stderr.contains("not sent: the request to http://127.0.0.1:\(server.otherPort) would carry a credential"),
                            "\(key): \(r.stderr)")
                }
            }
            // Items whose links and images point there, shown by fetch: nothing is fetched for them.
            _ = try await Subprocess.rowboat(environment: auth.environment, ["fetch", "items", "--config", path])
            #expect(Self.leaks(auth, in: Self.otherOriginSaw(server)).isEmpty, "\(auth): \(Self.otherOriginSaw(server))")
        }
        // The other origin was asked (without credentials) where no key was in the URL.
        #expect(server.requestCount(path: "/other/next") > 0)
        #expect(server.requestCount(path: "/other/redirected") > 0)
    }
}

/// `config probe` given credentials (a header, a query key) against the
/// hostile server: neither its draft nor its error lines hold them.
@Suite("Secrets in config probe", .serialized, .timeLimit(.minutes(2)))
struct SecretProbeCLITests {
    @Test func theDraftAndTheErrorsHoldNoCredential() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let bearer = "probe-bearer_1+2/3=x"
        let key = "probe-key-5566"
        for route in ["/secrets/items", "/secrets/echo?status=401", "/secrets/echo?status=200&type=html"] {
            let r = try await Subprocess.rowboat("config", "probe", "\(server.baseURL)\(route)\(route.contains("?") ? "&" : "?")api_key=\(key)",
                                                 "--header", "Authorization: Bearer \(bearer)", "--header", "X-Api-Key: \(key)")
            let out = r.stdout + r.stderr
            #expect(SecretLeaks.found(bearer, in: out).isEmpty, "\(route): \(out)")
            #expect(SecretLeaks.found(key, in: out).isEmpty, "\(route): \(out)")
            if route == "/secrets/items" {
                #expect(r.status == 0, "\(r.stderr)")
                #expect(r.stdout.contains("datas.list"), "a draft was written: \(r.stdout)")
            } else {
                #expect(r.status == 1)
                #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
            }
        }
    }
}
