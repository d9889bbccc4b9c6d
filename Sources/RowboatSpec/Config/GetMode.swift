/// How a page is got: from the network, the cache, or both.
public enum GetMode: String, Sendable, Equatable, CaseIterable {
    /// Always ask the server (the answer is still stored for offline use).
    case network
    /// A fresh cached page if there is one, else the server (revalidating a
    /// stale entry with If-None-Match / If-Modified-Since).
    case cacheElseNetwork = "cache-else-network"
    /// Only the cache; never the network. A miss is an error.
    case cacheOnly = "cache-only"
    /// The cached page at once (marked cached), then the server's answer
    /// replaces it in place.
    case cacheThenNetwork = "cache-then-network"
}
