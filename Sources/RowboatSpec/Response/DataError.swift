/// Everything that can go wrong getting a page, each kind rendering as one
/// human line (already sanitized).
public enum DataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The envelope's success check failed; the server's message if any.
    case server(message: String?)
    case httpStatus(Int, message: String?)
    /// A 429 or 503 whose `Retry-After` asks to come back in
    /// `retryAfter` seconds (said as `httpStatus` is: "HTTP 429: …").
    case rateLimited(Int, message: String?, retryAfter: Double)
    case notJSON(contentType: String?, firstBytes: String)
    case emptyResponse
    /// Arrays and objects nested deeper than `JSONDepthLimit.maxDepth`.
    case nestedTooDeep(limit: Int)
    /// A path did not lead to what the mapping expected.
    case mappingMismatch(path: String, found: String)
    case network(String)
    case timeout(seconds: Double)
    case bodyTooLarge(limit: Int)
    /// More redirects in a row than `limit`.
    case tooManyRedirects(limit: Int)
    /// A redirect we will not follow (https to http, a non-http scheme).
    case redirectRefused(String)
    case unknownEndpoint(String)
    /// The endpoint's url has `{name}` path params with no value: not sent
    /// (a literal `{owner}` would only earn a 404).
    case missingPathParams(endpoint: String, names: [String])
    case cacheMiss
    /// Cache-only mode with a cache that could not be opened: why not
    /// ("cache disabled: the cache is read-only (…)").
    case cacheUnusable(String)
    /// Getting or using credentials failed (an OAuth2 token request).
    case auth(String)
    /// A request was not sent: it would have carried a credential to
    /// `to`, an origin other than its own (`home`, when it has one).
    case credentialWithheld(to: String, home: String?)
    /// The body came compressed (`Content-Encoding`, or gzip's magic
    /// bytes) though Rowboat asks for no encoding; the encoding's name.
    case compressedBody(String)
    /// A JSON number longer than `limit` characters (the limit on what is
    /// kept of one value, `JSONTapeNode.textLimit`).
    case numberTooLong(limit: Int)

    /// Seconds the server asked to wait before asking again, if it did.
    public var retryAfter: Double? {
        if case .rateLimited(_, _, let seconds) = self { return seconds }
        return nil
    }

    public var description: String {
        let line: String
        switch self {
        case .server(let m): line = "server error: \(m ?? "no message")"
        case .httpStatus(let code, let m), .rateLimited(let code, let m, _):
            line = "HTTP \(code)" + (m.map { ": \($0)" } ?? "")
        case .notJSON(let type, let bytes):
            line = "not JSON (\(type ?? "no content type")): \(bytes)"
        case .emptyResponse: line = "empty response"
        case .nestedTooDeep(let limit): line = "JSON nested deeper than \(limit) levels (the limit)"
        case .mappingMismatch(let path, let found): line = "mapping mismatch at \(path): found \(found)"
        case .network(let m): line = "network: \(m)"
        case .timeout(let s): line = "network: timed out after \(JSONValue.format(s)) s"
        case .bodyTooLarge(let limit): line = "response body larger than \(limit) bytes"
        case .tooManyRedirects(let limit): line = "network: more than \(limit) redirects"
        case .redirectRefused(let why): line = "network: redirect refused: \(why)"
        case .unknownEndpoint(let key): line = "no endpoint named \"\(key)\" in the config"
        case .missingPathParams(let key, let names):
            line = "\(key) needs \(names.joined(separator: ", ")) for its url: set \(names.count == 1 ? "it" : "them") in the endpoint's params or with --param \(names[0])=…"
        case .cacheMiss: line = "not in the cache"
        case .cacheUnusable(let reason): line = "not in the cache: \(reason)"
        case .auth(let m): line = "auth: \(m)"
        case .credentialWithheld(let to, let home):
            line = "not sent: the request to \(to) would carry a credential"
                + (home.map { " (credentials go only to \($0))" } ?? "")
        case .numberTooLong(let limit): line = "JSON number longer than \(limit) characters (the limit)"
        case .compressedBody(let encoding):
            line = "response body is compressed (\(Sanitizer.clean(encoding, limit: 40))) though no compression was asked for"
        }
        return Sanitizer.clean(line, limit: 300)
    }
}
