/// A stored response body with its validators, the URL that answered, its
/// headers (paging facts may come from them) and timestamps (seconds since
/// the epoch).
public struct CachedResponse: Sendable, Equatable {
    public var key: String
    public var body: [UInt8]
    public var fetchedAt: Double
    public var expiresAt: Double
    public var etag: String?
    public var lastModified: String?
    public var url: String
    public var headers: [StoredHeader]

    /// Whether the entry is still fresh at `now`.
    public func isFresh(now: Double) -> Bool { now < expiresAt }
}

/// One response header as stored.
public struct StoredHeader: Sendable, Equatable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
