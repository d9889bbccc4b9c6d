import RowboatSpec

/// One character cell of a `Thumbnail`: a symbol drawn in a foreground
/// colour on a background colour.
///
/// Colours are palette indices or RGB (`ThumbnailColor`); `nil` means the terminal's own
/// default colour (used by the symbols-only mode, for transparent areas and
/// for the padding around an image that does not fill its box).
public struct ThumbnailCell: Sendable, Equatable, Hashable {
    /// One grapheme cluster of display width 1.
    public var symbol: String
    /// The symbol's ink, or `nil` for the terminal default.
    public var foreground: ThumbnailColor?
    /// The rest of the cell, or `nil` for the terminal default.
    public var background: ThumbnailColor?

    public init(symbol: String, foreground: ThumbnailColor? = nil, background: ThumbnailColor? = nil) {
        self.symbol = symbol
        self.foreground = foreground
        self.background = background
    }

    /// A space in the terminal's default colours.
    public static let blank = ThumbnailCell(symbol: " ")
}
