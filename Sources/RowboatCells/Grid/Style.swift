/// How a cell looks: foreground, background and attributes.
public struct Style: Sendable, Hashable {
    /// A terminal colour.
    public enum Color: Sendable, Hashable {
        /// The terminal's own default colour.
        case `default`
        /// One of the 256 indexed colours.
        case indexed(UInt8)
        /// 24-bit 0xRRGGBB: drawn as is on a direct-colour terminal, as the
        /// nearest palette colour elsewhere.
        case rgb(UInt32)

        @inlinable
        public static func == (a: Color, b: Color) -> Bool {
            switch (a, b) {
            case (.default, .default): true
            case (.indexed(let x), .indexed(let y)): x == y
            case (.rgb(let x), .rgb(let y)): x == y
            default: false
            }
        }
    }

    /// Text attributes.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1)
        public static let reverse = Attributes(rawValue: 2)
        public static let underline = Attributes(rawValue: 4)
        public static let dim = Attributes(rawValue: 8)
    }

    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    @inlinable
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    @inlinable
    public static var plain: Style { Style() }

    /// Written out so other modules inline it (every cell of a frame is
    /// compared with the last one's).
    @inlinable
    public static func == (a: Style, b: Style) -> Bool {
        a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
    }
}

extension Style {
    /// This style, dim (a field that is not shown, a hint that steps back).
    public var dimmed: Style {
        var out = self
        out.attributes.insert(.dim)
        return out
    }
}

extension Style.Color {
    /// A thumbnail cell's colour; `nil` is the terminal's default.
    public init(_ color: ThumbnailColor?) {
        switch color {
        case nil: self = .default
        case .indexed(let index): self = .indexed(index)
        case .rgb(let rgb): self = .rgb(rgb)
        }
    }
}
