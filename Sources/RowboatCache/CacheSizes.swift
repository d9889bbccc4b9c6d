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
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) \(units[unit])"
    }
}

/// Which kinds `clear` removes.
public enum CacheKind: String, Sendable, CaseIterable {
    case responses, images
}
