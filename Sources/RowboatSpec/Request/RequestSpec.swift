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
