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

    public init(method: HTTPMethodName, url: String, headers: [(String, String)], body: [UInt8]?,
                timeoutSeconds: Double, configHeaderNames: Set<String> = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
        self.configHeaderNames = configHeaderNames
    }

    public static func == (a: RequestSpec, b: RequestSpec) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.timeoutSeconds == b.timeoutSeconds
            && a.headers.map { "\($0.0):\($0.1)" } == b.headers.map { "\($0.0):\($0.1)" }
            && a.configHeaderNames == b.configHeaderNames
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
    public func request(cursor: PageCursor, params dynamic: [String: ParamValue] = [:]) -> RequestSpec {
        var params = endpoint.params
        let paging = endpoint.paging
        if let sizeParam = paging.sizeParam, let size = paging.size { params[sizeParam] = .one(String(size)) }
        switch (paging.style, cursor) {
        case (.pageNumber(let param, _), _): params[param] = .one(String(pageNumber(cursor)))
        case (.offset(let param), .offset(let n)): params[param] = .one(String(n))
        case (.offset(let param), _): params[param] = .one("0")
        case (.cursor(let param, _), .token(let t)), (.lastID(let param), .token(let t)): params[param] = .one(t)
        default: break
        }
        for (k, v) in dynamic { params[k] = v }
        let pairs = Self.flatten(params)
        let method = endpoint.method ?? config.communication.method
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
        var url = resolvedURL()
        var body: [UInt8]? = nil
        if case .url(let next) = cursor {
            let sameOrigin = URLOrigin(next) != nil && URLOrigin(next) == URLOrigin(url)
            if sameOrigin {
                headers.removeAll { customNames.contains($0.0.lowercased()) }
                for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
            }
            return RequestSpec(method: .get, url: next, headers: headers, body: nil,
                               timeoutSeconds: config.communication.timeoutSeconds,
                               configHeaderNames: sameOrigin ? customNames : [])
        }
        // Config headers replace the standard ones of the same name (e.g. Accept).
        headers.removeAll { customNames.contains($0.0.lowercased()) }
        for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
        switch method {
        case .get:
            if !pairs.isEmpty { url += (url.contains("?") ? "&" : "?") + Self.encode(pairs) }
        case .post:
            switch config.communication.bodyFormat {
            case .form:
                headers.append(("Content-Type", "application/x-www-form-urlencoded"))
                body = Array(Self.encode(pairs).utf8)
            case .json:
                headers.append(("Content-Type", "application/json"))
                body = Self.json(params)
            }
        }
        return RequestSpec(method: method, url: url, headers: headers, body: body,
                           timeoutSeconds: config.communication.timeoutSeconds, configHeaderNames: customNames)
    }

    /// The endpoint URL resolved against the config's server.
    public func resolvedURL() -> String {
        let url = endpoint.url
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return url }
        var base = config.server
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

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { k, v in
            (k.addingPercentEncoding(withAllowedCharacters: unreserved) ?? k) + "="
                + (v.addingPercentEncoding(withAllowedCharacters: unreserved) ?? v)
        }.joined(separator: "&")
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
