import Foundation
import RowboatSpec
import RowboatParsing

/// The one way Rowboat talks to an OAuth2 server's token, device and
/// revocation endpoints: a form POST that never follows a redirect to
/// another origin (its answer is trusted, its body holds secrets), the
/// client authenticated as the config says, and the answer read with every
/// token, code and refresh token registered with `Secrets` before any text
/// could show it.
enum OAuth2Exchange {
    /// The client: its id, secret (nil for a public client) and how a secret is sent.
    struct Client: Sendable {
        var id: String
        var secret: String?
        var auth: OAuth2Settings.ClientAuth
    }

    /// A form POST to `url` with `fields`, the client authenticated.
    static func request(_ url: String, fields: [(String, String)], client: Client, userAgent: String,
                        timeoutSeconds: Double) -> RequestSpec {
        var form = fields
        var headers: [(String, String)] = [("Accept", "application/json"), ("User-Agent", userAgent),
                                           ("Content-Type", "application/x-www-form-urlencoded")]
        if let secret = client.secret {
            switch client.auth {
            case .basic:
                // RFC 6749 2.3.1: id and secret form-encoded, then base64.
                let id = URLEncoding.encodeComponent(client.id)
                let encoded = URLEncoding.encodeComponent(secret)
                headers.append(("Authorization", "Basic " + Data("\(id):\(encoded)".utf8).base64EncodedString()))
            case .body:
                form.append(("client_id", client.id))
                form.append(("client_secret", secret))
            }
        } else {
            // A public client names itself in the body (RFC 6749 3.2.1).
            form.append(("client_id", client.id))
        }
        var spec = RequestSpec(method: .post, url: url, headers: headers, body: Array(URLEncoding.encode(form).utf8),
                               timeoutSeconds: timeoutSeconds, configHeaderNames: ["authorization"],
                               credentialOrigin: URLOrigin(url))
        spec.staysOnOrigin = true
        return spec
    }

    /// An answer's JSON object members ("" when it is not a JSON object).
    struct Answer: Sendable {
        var status: Int
        var fields: [String: JSONValue]

        func text(_ name: String) -> String? { fields[name]?.scalarText }

        /// `error` and `error_description` as one cleaned phrase ("" when none).
        var reason: String {
            [text("error"), text("error_description")].compactMap { $0 }.map { shown($0) }.joined(separator: ": ")
        }
    }

    /// Sends `request` (`what` names it in errors: "token request") and reads the answer.
    static func send(_ request: RequestSpec, transport: HTTPTransport, what: String) async throws(DataError) -> Answer {
        let origin = URLOrigin(request.url)?.description ?? "the server"
        let reply: HTTPReply
        do {
            reply = try await transport.send(request)
        } catch {
            throw DataError.auth("\(what) to \(origin) failed: \(shown(error.description))")
        }
        var fields: [String: JSONValue] = [:]
        if case .object(let o)? = try? JSONValue.parse(Data(reply.body)) { fields = o }
        // Known the moment they arrive, before any text could show them.
        Secrets.register(["access_token", "refresh_token", "id_token", "device_code"].compactMap { fields[$0]?.scalarText })
        return Answer(status: reply.status, fields: fields)
    }

    /// A token endpoint's successful answer, checked.
    static func tokens(_ answer: Answer, from url: String, now: Double) throws(DataError) -> TokenRecord {
        let origin = URLOrigin(url)?.description ?? "the token URL"
        guard (200..<300).contains(answer.status) else {
            throw DataError.auth("token request to \(origin) failed: HTTP \(answer.status)"
                + (answer.reason.isEmpty ? "" : " \(answer.reason)"))
        }
        guard case .string(let token)? = answer.fields["access_token"], !token.isEmpty else {
            throw DataError.auth("the answer from \(origin) has no access_token")
        }
        // RFC 6750's bearer token is visible ASCII; anything else could not
        // go in a header. Refused by what is wrong, never by its text.
        guard headerSafe(token) else {
            throw DataError.auth("the access_token from \(origin) holds characters a header cannot carry "
                                 + "(control characters, spaces or non-ASCII); it is not used")
        }
        if let type = answer.text("token_type"), type.lowercased() != "bearer" {
            throw DataError.auth("token type \"\(shown(type))\" from \(origin) is not supported (bearer only)")
        }
        var refresh: String?
        if case .string(let r)? = answer.fields["refresh_token"], !r.isEmpty {
            guard headerSafe(r) else {
                throw DataError.auth("the refresh_token from \(origin) holds characters a form cannot carry as sent; "
                                     + "it is not used")
            }
            refresh = r
        }
        let lifetime = answer.text("expires_in").flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return TokenRecord(accessToken: token, refreshToken: refresh, expiresAt: lifetime.map { now + $0 },
                           obtainedAt: now, scope: answer.text("scope").map { shown($0) },
                           identity: answer.text("id_token").flatMap(identity(inIDToken:)))
    }

    /// Who an OpenID Connect ID token (a JWT) names, from its payload's
    /// claims; nil when it is not one. Display only: not verified.
    static func identity(inIDToken token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].count <= 16384 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), case .object(let claims)? = try? JSONValue.parse(data) else { return nil }
        for claim in ["preferred_username", "email", "name", "sub"] {
            if let value = claims[claim]?.scalarText, !value.isEmpty {
                let cleaned = Sanitizer.clean(value, limit: 80)
                return cleaned.isEmpty ? nil : cleaned
            }
        }
        return nil
    }

    static func headerSafe(_ text: String) -> Bool { text.utf8.allSatisfy { (0x21...0x7E).contains($0) } }

    /// Server text in an error line (secrets go in `Sanitizer.clean`).
    static func shown(_ text: String) -> String { Sanitizer.clean(text, limit: 160) }
}
