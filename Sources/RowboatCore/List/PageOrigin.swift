import RowboatSpec

/// Where a delivered page came from: the server, or the cache (with when
/// it was fetched; `offline` when the server could not be reached).
public enum PageOrigin: Sendable, Equatable {
    case network
    case cache(fetchedAt: Double, offline: Bool)
}
