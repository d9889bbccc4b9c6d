import RowboatSpec

/// A short message over the status bar that goes away by itself.
public struct Toast: Sendable, Equatable {
    /// How long a toast stays, in seconds.
    public static let lifetime: Double = 3

    public var text: String
    public var isError: Bool
    /// When it disappears (seconds since the epoch, on the app's clock).
    public var expiresAt: Double

    public init(text: String, isError: Bool = false, expiresAt: Double) {
        self.text = text
        self.isError = isError
        self.expiresAt = expiresAt
    }
}
