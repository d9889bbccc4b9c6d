import Foundation

/// A request ready to send: everything the network layer needs, as data.
public struct RequestSpec: Sendable, Equatable {
    public var method: HTTPMethodName
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]?
    public var timeoutSeconds: Double

    public static func == (a: RequestSpec, b: RequestSpec) -> Bool {
        a.method == b.method && a.url == b.url && a.body == b.body && a.timeoutSeconds == b.timeoutSeconds
            && a.headers.map { "\($0.0):\($0.1)" } == b.headers.map { "\($0.0):\($0.1)" }
    }
}

/// Which page to ask for.
public enum PageCursor: Sendable, Equatable {
    case first
    case page(Int)
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
        case (.first, .pageNumber(_, let first)): first
        case (.first, .none): 0
        }
    }

    public func request(cursor: PageCursor, params dynamic: [String: ParamValue] = [:]) -> RequestSpec {
        var params = endpoint.params
        let paging = endpoint.paging
        if let sizeParam = paging.sizeParam, let size = paging.size { params[sizeParam] = .one(String(size)) }
        if case .pageNumber(let param, _) = paging.style { params[param] = .one(String(pageNumber(cursor))) }
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
        for (k, v) in config.communication.headers.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
        for (k, v) in endpoint.headers.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
        var url = resolvedURL()
        var body: [UInt8]? = nil
        switch method {
        case .get:
            if !pairs.isEmpty { url += (url.contains("?") ? "&" : "?") + Self.encode(pairs) }
        case .post:
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            body = Array(Self.encode(pairs).utf8)
        }
        return RequestSpec(method: method, url: url, headers: headers, body: body,
                           timeoutSeconds: config.communication.timeoutSeconds)
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
