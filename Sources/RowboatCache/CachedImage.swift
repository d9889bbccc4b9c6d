/// Stored image bytes with their ETag and timestamps.
public struct CachedImage: Sendable, Equatable {
    public var url: String
    public var bytes: [UInt8]
    public var etag: String?
    public var fetchedAt: Double
    public var lastAccess: Double
}
