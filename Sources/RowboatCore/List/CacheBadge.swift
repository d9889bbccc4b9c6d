import RowboatSpec

/// What the status bar says about cached rows on screen: their age and
/// whether the server could not be reached ("offline · cached 12 min ago").
public struct CacheBadge: Sendable, Equatable {
    /// When the oldest cached page shown was fetched.
    public var fetchedAt: Double
    public var offline: Bool

    public init(fetchedAt: Double, offline: Bool) {
        self.fetchedAt = fetchedAt
        self.offline = offline
    }
}
