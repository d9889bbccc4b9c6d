/// The `images:` config section: how thumbnails reach the screen and how
/// they may use memory.
public struct ImageSettings: Sendable, Equatable {
    public static let defaultDecodeMemory = 256 * 1024 * 1024

    /// Pixels or symbols (`images.mode`, or `images: sixel` alone); the
    /// `--images` flag replaces it.
    public var mode: ImageMode
    /// Bytes that images being decoded may take at once, all thumbnail
    /// jobs together (`images.decodeMemory`, e.g. `256 MB`). A decode that
    /// needs more than this alone fails with "needs … MB, over the … image
    /// budget".
    public var decodeMemory: Int

    public init(mode: ImageMode = .auto, decodeMemory: Int = ImageSettings.defaultDecodeMemory) {
        self.mode = mode
        self.decodeMemory = decodeMemory
    }
}

/// How thumbnails are drawn: chosen from what the terminal answers
/// (`auto`), one pixel protocol whatever it answers, libchafa's symbol
/// cells, or no pictures at all (badges only).
public enum ImageMode: String, Sendable, Equatable, CaseIterable {
    case auto, kitty, sixel, iterm, symbols, off

    /// The terminal is asked what it shows (pixels may be drawn): all
    /// modes but symbols and off.
    public var asksTheTerminal: Bool { self != .symbols && self != .off }

    /// The mode called `text` (any case); unknown names fail with the
    /// known ones and a "did you mean".
    public static func parse(_ text: String) throws(ImageModeError) -> ImageMode {
        if let mode = ImageMode(rawValue: text.lowercased()) { return mode }
        throw ImageModeError(name: text)
    }
}

/// An unknown image mode.
public struct ImageModeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String

    public var description: String {
        let names = ImageMode.allCases.map(\.rawValue)
        return "unknown image mode \"\(name)\" (modes: \(names.joined(separator: ", ")))"
            + Suggestion.hint(for: name, in: names)
    }
}
