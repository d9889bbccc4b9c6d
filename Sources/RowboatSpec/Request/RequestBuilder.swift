import Foundation

/// A request ready to send: everything the network layer needs, as data.
public struct RequestSpec: Sendable, Equatable {
    public var method: HTTPMethodName
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]?
    public var timeoutSeconds: Double
    /// Lowercased names of headers that came from the config (communication
    /// and endpoint headers): never sent to another origin.
    public var configHeaderNames: Set<String>
    /// The endpoint's own body size cap (nil: the transport's).
    public var maxBodyBytes: Int?
    /// The one origin this request may carry a secret to (the endpoint's
    /// own, as the config names it; a token URL's; a probed URL's): the
    /// transport refuses to send a registered secret anywhere else
    /// (`CredentialGate`), whoever put it in the URL, headers or body.
    public var credentialOrigin: URLOrigin?
    /// True for a request that must not be redirected to another origin at
    /// all (an OAuth2 token request: its answer would be trusted).
    public var staysOnOrigin = false

    public init(method: HTTPMethodName, url: String, headers: [(String, String)], body: [UInt8]?,
                timeoutSeconds: Double, configHeaderNames: Set<String> = [], maxBodyBytes: Int? = nil,
                credentialOrigin: URLOrigin? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
        self.configHeaderNames = configHeaderNames
        self.maxBodyBytes = maxBodyBytes
        self.credentialOrigin = credentialOrigin
    }

    public static func == (a: RequestSpec, b: RequestSpec) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.timeoutSeconds == b.timeoutSeconds
            && a.headers.map { "\($0.0):\($0.1)" } == b.headers.map { "\($0.0):\($0.1)" }
            && a.configHeaderNames == b.configHeaderNames && a.maxBodyBytes == b.maxBodyBytes
            && a.credentialOrigin == b.credentialOrigin && a.staysOnOrigin == b.staysOnOrigin
    }
}

/// Which page to ask for.
public enum PageCursor: Sendable, Equatable {
    /// The first page of a style that sends nothing for it (cursor, lastId,
    /// nextURL, link).
    case first
    /// A page number (page style; `.page(0)` for single-page endpoints).
    case page(Int)
    /// An item offset (offset style).
    case offset(Int)
    /// A cursor token or last item id (cursor and lastId styles).
    case token(String)
    /// An absolute next-page URL, fetched as is (nextURL and link styles).
    case url(String)
}

/// Builds `RequestSpec`s for an endpoint: dynamic params merged over static
/// params, paging params added, client info sent as headers.
public struct RequestBuilder: Sendable {
    public let config: RowboatConfig
    public let endpoint: Endpoint
    public let clientInfo: ClientInfo

    public init(config: RowboatConfig, endpoint: Endpoint, clientInfo: ClientInfo = .current) {
        self.config = config
        self.endpoint = endpoint
        self.clientInfo = clientInfo
    }

    /// The page number a cursor stands for.
    public func pageNumber(_ cursor: PageCursor) -> Int {
        switch (cursor, endpoint.paging.style) {
        case (.page(let n), _): n
        case (_, .pageNumber(_, let first)): first
        default: 0
        }
    }

    /// The request for `cursor`. Static params, the page size, the paging
    /// param and then `dynamic` params (which win) are merged. A `.url`
    /// cursor is fetched as is with GET: nothing is added to it, and the
    /// config's headers are left out when it points at another origin.
    ///
    /// A POST with a JSON body (`bodyFormat: json` or an endpoint `body:`)
    /// puts `$.`-named values at their body paths, typed: numbers for page,
    /// offset and size, the cursor as text or (cursorFormat json) as its
    /// JSON value. With a `body:` template, plainly named params go in the
    /// URL's query.
    public func request(cursor: PageCursor, params dynamic: [String: ParamValue] = [:]) -> RequestSpec {
        let method = endpoint.method ?? config.communication.method
        let timeoutSeconds = endpoint.timeoutSeconds ?? config.communication.timeoutSeconds
        let jsonBody = method == .post && (endpoint.body != nil || config.communication.bodyFormat == .json)
        var params = endpoint.params
        var placed: [(JSONPath, JSONValue)] = []
        /// Sets `name` to `text`, or places `value` at its body path.
        func set(_ name: String, _ text: ParamValue, _ value: JSONValue) {
            if jsonBody, let path = JSONBody.path(name) {
                params[name] = nil
                placed.append((path, value))
            } else {
                params[name] = text
            }
        }
        for (k, v) in endpoint.params.sorted(by: { $0.key < $1.key }) where jsonBody && JSONBody.path(k) != nil {
            set(k, v, JSONBody.value(v))
        }
        let paging = endpoint.paging
        if let sizeParam = paging.sizeParam, let size = paging.size { set(sizeParam, .one(String(size)), .int(Int64(size))) }
        switch (paging.style, cursor) {
        case (.pageNumber(let param, _), _):
            let n = pageNumber(cursor)
            set(param, .one(String(n)), .int(Int64(n)))
        case (.offset(let param), .offset(let n)): set(param, .one(String(n)), .int(Int64(n)))
        case (.offset(let param), _): set(param, .one("0"), .int(0))
        case (.cursor(let param, _), .token(let t)), (.lastID(let param), .token(let t)):
            switch paging.cursorFormat {
            case .json: set(param, .one(t), (try? JSONValue.parse(Data(t.utf8))) ?? .string(t))
            case .text: set(param, .one(t), .string(t))
            case .encoded:
                // Decoded once here, encoded once when the query is written.
                let once = t.removingPercentEncoding ?? t
                set(param, .one(once), .string(once))
            }
        case (.continuation, .token(let t)):
            for (name, value) in Self.decode(t) { set(name, .one(value), .string(value)) }
        default: break
        }
        for (k, v) in dynamic.sorted(by: { $0.key < $1.key }) { set(k, v, JSONBody.value(v)) }
        // `{name}` in the endpoint's path takes the param `name` (one path segment).
        let path = Self.fillPath(endpoint.url, params: &params)
        let pairs = Self.flatten(params)
        var headers: [(String, String)] = [
            ("Accept", "application/json"),
            ("User-Agent", config.communication.userAgent ?? clientInfo.userAgent),
            ("X-Client-Name", clientInfo.name),
            ("X-Client-Version", clientInfo.version),
            ("X-Client-OS", clientInfo.os),
        ]
        // Endpoint headers override config-wide ones of the same name.
        var custom = config.communication.headers
        for (k, v) in endpoint.headers {
            custom = custom.filter { $0.key.lowercased() != k.lowercased() }
            custom[k] = v
        }
        let customNames = Set(custom.keys.map { $0.lowercased() })
        var url = Self.resolve(path, against: config.server)
        var body: [UInt8]? = nil
        if case .url(let next) = cursor {
            let sameOrigin = URLOrigin(next) != nil && URLOrigin(next) == URLOrigin(url)
            if sameOrigin {
                headers.removeHeaders(lowercased: customNames)
                for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
            }
            return RequestSpec(method: .get, url: next, headers: headers, body: nil, timeoutSeconds: timeoutSeconds,
                               configHeaderNames: sameOrigin ? customNames : [], maxBodyBytes: endpoint.maxBodyBytes,
                               credentialOrigin: URLOrigin(url))
        }
        // Config headers replace the standard ones of the same name (e.g. Accept).
        headers.removeHeaders(lowercased: customNames)
        for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
        switch method {
        case .get, .delete:
            if !pairs.isEmpty { url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + Self.encode(pairs) }
        case .post, .put, .patch:
            if let template = endpoint.body {
                if !pairs.isEmpty { url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + Self.encode(pairs) }
                headers.append(("Content-Type", "application/json"))
                body = Self.json(template, placing: placed)
            } else {
                switch config.communication.bodyFormat {
                case .form:
                    headers.append(("Content-Type", "application/x-www-form-urlencoded"))
                    body = Array(Self.encode(pairs).utf8)
                case .json:
                    headers.append(("Content-Type", "application/json"))
                    // Without body paths the body is the flat object it always was.
                    body = placed.isEmpty ? Self.json(params)
                        : Self.json(.object(params.mapValues(JSONBody.value)), placing: placed)
                }
            }
        }
        return RequestSpec(method: method, url: url, headers: headers, body: body, timeoutSeconds: timeoutSeconds,
                           configHeaderNames: customNames, maxBodyBytes: endpoint.maxBodyBytes,
                           credentialOrigin: URLOrigin(url))
    }

    /// A request action's request: `path` (a path on the server, with its
    /// query) on the endpoint's own origin, with the same headers as the
    /// endpoint's pages (client info, config and endpoint headers) and a
    /// JSON body; credentials may go only to that origin.
    public func action(method: HTTPMethodName, path: String, body: [UInt8]?) -> RequestSpec? {
        guard let origin = URLOrigin(resolvedURL()) else { return nil }
        var page = request(cursor: firstPageCursor)
        page.headers.removeHeaders("content-type")
        if body != nil { page.headers.append(("Content-Type", "application/json")) }
        var url = "\(origin.scheme)://\(origin.host)"
        if origin.port != (origin.scheme == "https" ? 443 : 80) { url += ":\(origin.port)" }
        return RequestSpec(method: method, url: url + path, headers: page.headers, body: body,
                           timeoutSeconds: page.timeoutSeconds, configHeaderNames: page.configHeaderNames,
                           credentialOrigin: origin)
    }

    /// The first page's cursor (only its headers are wanted above).
    var firstPageCursor: PageCursor { PagingPlan(paging: endpoint.paging).first }

    /// `template` with each value placed at its path, in order, as JSON.
    static func json(_ template: JSONValue, placing placed: [(JSONPath, JSONValue)]) -> [UInt8] {
        var body = template
        for (path, value) in placed { JSONBody.place(value, at: path, in: &body) }
        return body.jsonBytes ?? Array("{}".utf8)
    }

    /// `url` with each `{name}` in its path replaced by the param `name`
    /// (taken out of `params`), percent-encoded as one path segment: a `/`,
    /// `?`, `#` or `%` in it is encoded, and `.` or `..` are encoded too, so
    /// no value can change the path's shape. A param that is missing or
    /// empty leaves its `{name}`, encoded (`DataClient` sends no such request:
    /// see `missingPathParams`).
    public static func fillPath(_ url: String, params: inout [String: ParamValue]) -> String {
        guard url.contains("{") else { return url }
        var out = ""
        var rest = url[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if case .one(let value)? = params[name], !value.isEmpty, !name.isEmpty, !rest[..<open].contains("?") {
                out += value == "." || value == ".." ? value.replacingOccurrences(of: ".", with: "%2E") : encodeComponent(value)
                params[name] = nil
            } else {
                out += "%7B" + encodeComponent(name) + "%7D"
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The `{name}` path params of the endpoint's url that neither its
    /// params nor `dynamic` give one non-empty value: a request without
    /// them would go out with `{name}` in its path.
    public func missingPathParams(_ dynamic: [String: ParamValue] = [:]) -> [String] {
        Self.pathParamNames(endpoint.url).filter { name in
            guard case .one(let value)? = dynamic[name] ?? endpoint.params[name] else { return true }
            return value.isEmpty
        }
    }

    /// The names in `{…}` in `url`'s path (OpenAPI-style path params).
    public static func pathParamNames(_ url: String) -> [String] {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return path.split(separator: "{").dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }.filter { !$0.isEmpty }
    }

    /// The endpoint URL resolved against the config's server.
    public func resolvedURL() -> String {
        var none: [String: ParamValue] = [:]
        return Self.resolve(Self.fillPath(endpoint.url, params: &none), against: config.server)
    }

    /// `url` as is when absolute, else appended to `server`.
    public static func resolve(_ url: String, against server: String) -> String {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return url }
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        return base + (url.hasPrefix("/") ? url : "/" + url)
    }

    /// Params in a stable order, lists as repeated keys.
    static func flatten(_ params: [String: ParamValue]) -> [(String, String)] {
        params.keys.sorted().flatMap { key -> [(String, String)] in
            switch params[key]! {
            case .one(let v): [(key, v)]
            case .many(let vs): vs.map { (key, $0) }
            }
        }
    }

    /// Params as a JSON object (lists as arrays), keys sorted.
    static func json(_ params: [String: ParamValue]) -> [UInt8] {
        var object: [String: Any] = [:]
        for (k, v) in params {
            switch v {
            case .one(let s): object[k] = s
            case .many(let list): object[k] = list
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Pairs as `k=v&…`, every byte but the unreserved ones percent-encoded.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { k, v in encodeComponent(k) + "=" + encodeComponent(v) }.joined(separator: "&")
    }

    /// `k=v&…` (as `encode` writes it) back into pairs.
    public static func decode(_ query: String) -> [(String, String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0].removingPercentEncoding ?? parts[0]
            let value = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
            return (name, value)
        }
    }

    /// One key or value percent-encoded as `encode` does. Text of
    /// unreserved bytes only (page numbers, most keys) comes back as is
    /// without Foundation's encoder, which costs microseconds per call.
    public static func encodeComponent(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// A-Z, a-z, 0-9 and `-._~`: the bytes `unreserved` holds.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"): true
        default: false
        }
    }
}

/// Who is asking: sent with every request as headers.
public struct ClientInfo: Sendable, Equatable {
    public var name: String
    public var version: String
    public var os: String

    public init(name: String, version: String, os: String) {
        self.name = name
        self.version = version
        self.os = os
    }

    public static let version = "0.1.0"
    public static let current = ClientInfo(name: "rowboat", version: version, os: "Linux")

    public var userAgent: String { "\(name)/\(version) (\(os))" }
}
