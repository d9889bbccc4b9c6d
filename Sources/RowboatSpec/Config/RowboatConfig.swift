/// A whole Rowboat config: where the server is, how to talk to it, and the
/// endpoints (interfaces) that code and users ask for by key.
public struct RowboatConfig: Sendable, Equatable {
    /// The file the config was read from (for messages).
    public var source: String
    /// Base URL that relative endpoint URLs are resolved against.
    public var server: String
    public var communication: Communication
    public var localCache: LocalCacheSettings
    /// Endpoints in the order the file declares them.
    public var endpoints: [Endpoint]
    /// The `keys:` section: key bindings that replace the defaults.
    public var keys: KeyBindingsConfig
    /// The `theme:` section.
    public var theme: ThemeSettings
    /// The `auth:` section: credentials for the server's origin.
    public var auth: AuthSettings?
    /// The `images:` section.
    public var images = ImageSettings()
    /// The `notifications:` section: where `notify:` rules' notifications go.
    public var notifications = NotifySettings()
    /// The `tabs:` list: which endpoints are tabs, in order; nil: every
    /// endpoint, in file order.
    public var tabs: [String]?
    /// Actions offered on every endpoint (each endpoint may add its own).
    public var actions: [ActionSpec] = []
    /// The config's secret values (`ConfigSecrets`): registered with
    /// `Secrets` when the config is put to use, so they are never shown.
    public var secrets = SecretValues()

    public init(source: String, server: String, communication: Communication,
                localCache: LocalCacheSettings = LocalCacheSettings(), endpoints: [Endpoint],
                keys: KeyBindingsConfig = KeyBindingsConfig(), theme: ThemeSettings = ThemeSettings()) {
        self.source = source
        self.server = server
        self.communication = communication
        self.localCache = localCache
        self.endpoints = endpoints
        self.keys = keys
        self.theme = theme
    }

    /// The endpoint with `key`, if declared.
    public func endpoint(_ key: String) -> Endpoint? {
        endpoints.first { $0.key == key }
    }

    /// The actions of `endpoint`: the config's, then the endpoint's own.
    public func actions(of endpoint: Endpoint) -> [ActionSpec] {
        actions + endpoint.actions
    }

    /// The environment variables action templates name (`${env.X}`), once each.
    public var actionEnvironmentNames: [String] {
        var names: [String] = []
        for action in actions + endpoints.flatMap(\.actions) {
            for p in action.templates.flatMap(\.placeholders) where p.namespace == .env && !names.contains(p.name) {
                names.append(p.name)
            }
        }
        return names
    }

    /// The endpoint browsed when none is named: the first declared.
    public var defaultEndpoint: Endpoint? { endpoints.first }
}

/// How requests are sent: method, POST body format, timeout, headers, user
/// agent and the largest body accepted.
public struct Communication: Sendable, Equatable {
    public static let defaultMaxBodyBytes = 10 * 1024 * 1024

    public var method: HTTPMethodName
    public var bodyFormat: BodyFormat
    public var timeoutSeconds: Double
    public var headers: [String: String]
    public var userAgent: String?
    public var maxBodyBytes: Int

    public init(method: HTTPMethodName = .get, bodyFormat: BodyFormat = .form, timeoutSeconds: Double = 15,
                headers: [String: String] = [:], userAgent: String? = nil,
                maxBodyBytes: Int = Communication.defaultMaxBodyBytes) {
        self.method = method
        self.bodyFormat = bodyFormat
        self.timeoutSeconds = timeoutSeconds
        self.headers = headers
        self.userAgent = userAgent
        self.maxBodyBytes = maxBodyBytes
    }
}

/// How POST params are encoded.
public enum BodyFormat: String, Sendable, Equatable, CaseIterable {
    case form, json
}

/// The local cache: whether it is used, where, how long entries stay fresh
/// and how large it may grow.
public struct LocalCacheSettings: Sendable, Equatable {
    public static let defaultMaxBytes = 256 * 1024 * 1024
    /// A week: how long expired responses stay for offline use by default.
    public static let defaultKeepStaleSeconds: Double = 7 * 24 * 3600

    public var enabled: Bool
    /// Database file or directory; nil: the XDG cache directory.
    public var path: String?
    public var expireSeconds: Double
    public var maxBytes: Int
    /// How long a response is kept after it expired (for revalidation and
    /// offline browsing); older ones are pruned when the cache opens.
    public var keepStaleSeconds: Double

    public init(enabled: Bool = true, path: String? = nil, expireSeconds: Double = 600,
                maxBytes: Int = LocalCacheSettings.defaultMaxBytes,
                keepStaleSeconds: Double = LocalCacheSettings.defaultKeepStaleSeconds) {
        self.enabled = enabled
        self.path = path
        self.expireSeconds = expireSeconds
        self.maxBytes = maxBytes
        self.keepStaleSeconds = keepStaleSeconds
    }
}

/// The HTTP methods a config may name: an endpoint reads with GET or POST
/// (`readingMethods`); a request action may also PUT, PATCH or DELETE.
public enum HTTPMethodName: String, Sendable, Equatable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// What an endpoint, a probe or `communication.method` may use.
    public static let readingMethods: [HTTPMethodName] = [.get, .post]
}

/// A static or dynamic request parameter: one value or a list (sent as
/// repeated keys).
public enum ParamValue: Sendable, Equatable {
    case one(String)
    case many([String])

    /// The value or values, in order.
    public var values: [String] {
        switch self {
        case .one(let v): [v]
        case .many(let vs): vs
        }
    }
}

/// A config's secret values, which never show in a description or a dump
/// of the config (`String(describing:)` says how many, not what).
public struct SecretValues: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    public var values: [String]
    /// The environment variable each value came from (`${API_TOKEN}` →
    /// "API_TOKEN"), by value: what "Copy as curl" writes in its place.
    public var variables: [String: String] = [:]

    public init(_ values: [String] = [], variables: [String: String] = [:]) {
        self.values = values
        self.variables = variables
    }

    public var isEmpty: Bool { values.isEmpty }
    public var description: String { "\(values.count) secret values (hidden)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
