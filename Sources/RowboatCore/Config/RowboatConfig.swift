/// A whole Rowboat config: where the server is, how to talk to it, and the
/// endpoints (interfaces) that code and users ask for by key.
public struct RowboatConfig: Sendable, Equatable {
    /// The file the config was read from (for messages).
    public var source: String
    /// Base URL that relative endpoint URLs are resolved against.
    public var server: String
    public var communication: Communication
    /// Endpoints in the order the file declares them.
    public var endpoints: [Endpoint]

    public init(source: String, server: String, communication: Communication, endpoints: [Endpoint]) {
        self.source = source
        self.server = server
        self.communication = communication
        self.endpoints = endpoints
    }

    /// The endpoint with `key`, if declared.
    public func endpoint(_ key: String) -> Endpoint? {
        endpoints.first { $0.key == key }
    }

    /// The endpoint browsed when none is named: the first declared.
    public var defaultEndpoint: Endpoint? { endpoints.first }
}

/// How requests are sent: method, timeout, headers, user agent.
public struct Communication: Sendable, Equatable {
    public var method: HTTPMethodName
    public var timeoutSeconds: Double
    public var headers: [String: String]
    public var userAgent: String?

    public init(method: HTTPMethodName = .get, timeoutSeconds: Double = 15,
                headers: [String: String] = [:], userAgent: String? = nil) {
        self.method = method
        self.timeoutSeconds = timeoutSeconds
        self.headers = headers
        self.userAgent = userAgent
    }
}

/// The HTTP methods a config may name.
public enum HTTPMethodName: String, Sendable, Equatable, CaseIterable {
    case get = "GET"
    case post = "POST"
}

/// A static or dynamic request parameter: one value or a list (sent as
/// repeated keys).
public enum ParamValue: Sendable, Equatable {
    case one(String)
    case many([String])
}
