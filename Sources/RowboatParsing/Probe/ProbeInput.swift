import RowboatSpec
/// What `rowboat config probe` saw: the request it sent and the first
/// response it got.
public struct ProbeInput: Sendable {
    public var method: HTTPMethodName
    public var url: String
    /// Headers given with `--header` (sent, never written to the draft).
    public var headers: [(String, String)]
    /// The request body given with `--data`.
    public var body: [UInt8]?
    public var status: Int
    public var responseHeaders: [(String, String)]
    public var responseBody: [UInt8]
    /// Environment variables the user named in the headers or URL
    /// (`--header 'Authorization: Bearer ${TOKEN}'`) → their values: a
    /// credential with one of these values is written as that variable.
    public var references: [String: String] = [:]
    /// Params an OpenAPI operation declares (query names, `$.` body paths):
    /// names the paging search may try before the usual families.
    public var declared: [String] = []

    public init(method: HTTPMethodName, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                status: Int, responseHeaders: [(String, String)], responseBody: [UInt8]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
    }
}

/// Why no draft could be written (one line).
public struct ProbeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = Sanitizer.clean(message, limit: 300) }
}
