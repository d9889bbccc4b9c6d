import Foundation

/// Hostile credential handling: a server that wants the client's secrets
/// shown, logged or sent elsewhere. It echoes every credential it got
/// (headers, query, body) in error pages and in items, in many encodings,
/// points next-page URLs, Link headers, redirects and images at the other
/// origin with the credential copied into them, and plays an OAuth2 token
/// endpoint that echoes the client secret, redirects to the other origin,
/// or hands out tokens that the echo routes then print back.
enum HostileSecretRoutes {
    static let index: [(String, String)] = [
        ("/secrets/echo", "?status=401 (or any) ?type=json|html|text (?code=: the JSON envelope's code): an error that quotes every credential it got, raw, base64, percent-encoded and hex"),
        ("/secrets/items", "200: items whose title, subtitle, description, link and image quote the credentials (image and link on the other origin)"),
        ("/secrets/next-other", "page 1 whose next URL is on the other origin with the query (an API key too) copied into it"),
        ("/secrets/link-other", "the same in a Link: rel=\"next\" header"),
        ("/secrets/redirect-other", "307 to the other origin with the query copied"),
        ("/secrets/token", "an OAuth2 token endpoint: ?mode=ok (tokens), echo (400 quoting the client secret), redirect (307 to the other origin), escapes (a token with ESC, CR LF and bidi inside)"),
    ]

    /// Answers a `/secrets/…` path; false when the path is not one of these.
    static func handle(_ request: HostileRequest, on c: HostileConnection) -> Bool {
        let other = "http://\(HostileServer.host):\(c.core.otherPort)"
        let query = request.queryText
        switch request.path {
        case "/secrets/echo":
            let status = min(max(request.int("status", default: 401), 200), 599)
            let echo = echoLine(request)
            switch request.query["type"] ?? "json" {
            case "html":
                let page = "<!DOCTYPE html><html><head><title>\(status) Unauthorized</title></head><body>"
                    + "<h1>Access denied</h1><p>\(echo)</p></body></html>"
                c.respond(status, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
            case "text":
                c.respond(status, contentType: "text/plain", body: Array(echo.utf8))
            default:
                let code = request.int("code", default: status)
                let body = "{\"code\":\(code),\"msg\":\(HostileBytes.jsonString(echo)),\"datas\":{\"list\":[]}}"
                c.respond(status, body: Array(body.utf8))
            }
        case "/secrets/items":
            let values = credentials(request)
            var items: [String] = []
            for (i, value) in values.enumerated() {
                for (j, (name, form)) in forms(of: value).enumerated() {
                    let id = i * 100 + j + 1
                    let entry = "{\"id\":\(id),\"title\":\(HostileBytes.jsonString("SECRET \(name) \(form)")),"
                        + "\"subtitle\":\(HostileBytes.jsonString("echo " + form)),"
                        + "\"description\":\(HostileBytes.jsonString("the server saw " + form + " and says so")),"
                        + "\"link\":\(HostileBytes.jsonString("\(other)/other/leak?k=\(form)")),"
                        + "\"imageUrl\":\(HostileBytes.jsonString("\(other)/other/leak.png?k=\(form)"))}"
                    items.append(entry)
                }
            }
            items.append("{\"id\":9999,\"title\":\"PLAIN the last row\",\"subtitle\":\"no secret here\"}")
            c.respond(200, body: HostileBytes.envelope(items: items))
        case "/secrets/next-other", "/secrets/link-other":
            let next = "\(other)/other/next" + (query.isEmpty ? "" : "?" + query)
            let page = "{\"code\":200,\"msg\":\"ok\",\"datas\":{\"list\":[{\"id\":1,\"title\":\"NEXT page one\"}]"
                + (request.path == "/secrets/next-other" ? ",\"next\":\(HostileBytes.jsonString(next))" : "") + "}}"
            let headers = request.path == "/secrets/link-other" ? [("Link", "<\(next)>; rel=\"next\"")] : []
            c.respond(200, headers: headers, body: Array(page.utf8))
        case "/secrets/redirect-other":
            let target = "\(other)/other/redirected" + (query.isEmpty ? "" : "?" + query)
            c.respond(307, headers: [("Location", target)])
        case "/secrets/token":
            switch request.query["mode"] ?? "ok" {
            case "echo":
                let body = "{\"error\":\"invalid_client\",\"error_description\":"
                    + HostileBytes.jsonString("client rejected: " + echoLine(request)) + "}"
                c.respond(400, body: Array(body.utf8))
            case "redirect":
                c.respond(307, headers: [("Location", "\(other)/other/token")])
            case "escapes":
                // A token no header can carry: escape sequences, a CR LF and a bidi mark inside.
                let token = "at-esc-Qv71\u{1B}]0;PWNED\u{07}mid\r\nX-Injected: 1\u{202E}tail-Wd93"
                c.respond(200, body: Array(("{\"access_token\":" + HostileBytes.jsonString(token)
                    + ",\"token_type\":\"bearer\",\"expires_in\":3600}").utf8))
            default:
                let n = c.core.nextAttempt("secrets-token")
                let body = "{\"access_token\":\"at-hostile-\(n)-Zx81qPp0\",\"token_type\":\"bearer\","
                    + "\"expires_in\":3600,\"refresh_token\":\"rt-hostile-\(n)-Lm22vvQ9\"}"
                c.respond(200, body: Array(body.utf8))
            }
        default:
            return false
        }
        return true
    }

    /// Every credential-looking value the request carried: the
    /// Authorization header (whole, its token, a basic pair decoded),
    /// API-key headers, the query's values and a form body's values.
    static func credentials(_ request: HostileRequest) -> [String] {
        var out: [String] = []
        for (name, value) in request.headers {
            let n = name.lowercased()
            guard n == "authorization" || n.contains("key") || n.contains("token") || n.contains("secret") else { continue }
            out.append(value)
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                out.append(parts[1])
                if let data = Data(base64Encoded: parts[1]) { out.append(String(decoding: data, as: UTF8.self)) }
            }
        }
        out += request.query.values.filter { !$0.isEmpty }
        let form = String(decoding: request.body, as: UTF8.self)
        for pair in form.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 {
                out.append(String(kv[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(kv[1]))
            }
        }
        return out
    }

    /// `value` as a server might send it back.
    static func forms(of value: String) -> [(String, String)] {
        let bytes = Array(value.utf8)
        return [("raw", value),
                ("base64", Data(bytes).base64EncodedString()),
                ("base64-in-header", Data(("Authorization: Bearer " + value).utf8).base64EncodedString()),
                ("percent", value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value),
                ("hex", bytes.map { String(format: "%02x", $0) }.joined())]
    }

    /// One line quoting every credential in every form.
    static func echoLine(_ request: HostileRequest) -> String {
        let quoted = credentials(request).map { value in
            forms(of: value).map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }
        return "credentials rejected: " + (quoted.isEmpty ? "none sent" : quoted.joined(separator: "; "))
    }
}

extension HostileRequest {
    /// The query as sent (`a=1&b=2`), in key order.
    var queryText: String {
        query.sorted { $0.key < $1.key }.map { key, value in
            (key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
        }.joined(separator: "&")
    }
}
