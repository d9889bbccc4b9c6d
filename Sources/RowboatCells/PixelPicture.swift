import RowboatSpec

/// A thumbnail as a terminal picture: the escape sequence libchafa encoded
/// (sixel, kitty or iTerm2) and the cells it covers inside its box. The
/// `Thumbnail` that carries it keeps its symbol cells too: they are drawn
/// wherever the picture cannot be (under an overlay, half scrolled away).
public struct PixelPicture: Sendable, Equatable {
    /// How the picture is written.
    public enum Kind: Sendable, Equatable {
        /// Sixel graphics, written at the box's cells after each frame.
        case sixel
        /// iTerm2 inline image, written at the box's cells after each frame.
        case iterm
        /// kitty graphics: `bytes` transmit the image under `id` (no
        /// placement); it is placed at the box's cells after each frame.
        case kitty(id: UInt32)
        /// kitty graphics with Unicode placeholders: `bytes` transmit the
        /// image under `id` with a virtual placement; the box's cells are
        /// placeholder characters whose foreground colour is `id`.
        case kittyPlaceholder(id: UInt32)
    }

    public let kind: Kind
    /// The encoded sequence, written as it is (already wrapped for tmux
    /// passthrough when that is needed).
    public let bytes: [UInt8]
    /// Cells the picture covers, and blank cells left of and above it in
    /// its box (the same fit as the symbol cells).
    public let columns: Int, rows: Int, x: Int, y: Int
    /// Unique to this encoding in the process: the screen tells a picture
    /// it already sent from a new one by it.
    public let serial: UInt64

    public init(kind: Kind, bytes: [UInt8], columns: Int, rows: Int, x: Int, y: Int, serial: UInt64) {
        self.kind = kind
        self.bytes = bytes
        (self.columns, self.rows, self.x, self.y) = (columns, rows, x, y)
        self.serial = serial
    }

    public static func == (a: PixelPicture, b: PixelPicture) -> Bool {
        a.serial == b.serial && a.kind == b.kind
    }

    /// The kitty image id, for the kitty kinds.
    public var kittyID: UInt32? { kind.kittyID }
}

extension PixelPicture.Kind {
    /// The kitty image id, for the kitty kinds.
    public var kittyID: UInt32? {
        switch self {
        case .kitty(let id), .kittyPlaceholder(let id): id
        case .sixel, .iterm: nil
        }
    }

    /// The protocol it is written in.
    public var proto: PixelProtocol {
        switch self {
        case .sixel: .sixel
        case .iterm: .iterm
        case .kitty: .kitty
        case .kittyPlaceholder: .kittyPlaceholders
        }
    }
}

/// What a terminal shows pictures with, as the thumbnail renderer needs to
/// know it: the protocol, the size of a cell in pixels, whether the
/// sequences go through tmux (wrapped for passthrough), and how kitty
/// placeholder ids are written (palette 1...255, or 24-bit).
public struct PixelFormat: Sendable, Equatable {
    public var proto: PixelProtocol
    public var cellWidth: Int
    public var cellHeight: Int
    /// Wrap every sequence as `ESC P tmux; … ESC \` (inner ESCs doubled).
    public var tmuxPassthrough: Bool
    /// Placeholder ids as 24-bit colours (a direct-colour terminal).
    public var directColorIDs: Bool

    public init(proto: PixelProtocol, cellWidth: Int = 10, cellHeight: Int = 20, tmuxPassthrough: Bool = false,
                directColorIDs: Bool = false) {
        self.proto = proto
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.tmuxPassthrough = tmuxPassthrough
        self.directColorIDs = directColorIDs
    }

    /// Cell height / cell width, for fitting a picture in a box of cells.
    public var cellAspect: Double { Double(cellHeight) / Double(cellWidth) }
}

/// The terminal picture protocols thumbnails can use.
public enum PixelProtocol: String, Sendable, Equatable {
    case sixel, iterm, kitty
    /// kitty graphics drawn through Unicode placeholder cells.
    case kittyPlaceholders = "kitty placeholders"
}
