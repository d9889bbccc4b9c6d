import RowboatSpec

/// How much the cache holds, per kind: bytes of stored content and entries.
public struct CacheSizes: Sendable, Equatable {
    /// One kind's content size and entry count.
    public struct Kind: Sendable, Equatable {
        public var bytes: Int
        public var entries: Int

        public init(bytes: Int, entries: Int) {
            self.bytes = bytes
            self.entries = entries
        }
    }

    public var responses: Kind
    public var images: Kind
    public var favorites: Kind

    /// Content bytes over every kind.
    public var totalBytes: Int { responses.bytes + images.bytes + favorites.bytes }

    /// "1.2 MB"-style text (powers of 1024, like config sizes).
    public static func human(_ bytes: Int) -> String {
        ByteSize.human(bytes)
    }
}

/// Which kinds `clear` removes.
public enum CacheKind: String, Sendable, CaseIterable {
    case responses, images
}
