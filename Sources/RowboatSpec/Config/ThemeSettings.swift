/// The `theme:` config section: a built-in theme and per-role overrides.
/// (The styles themselves live in RowboatTerminal's `Theme`.)
public struct ThemeSettings: Sendable, Equatable {
    public var name: ThemeName
    /// Overrides by role, applied over the named theme.
    public var colors: [ThemeRole: RoleOverride]

    public init(name: ThemeName = .default, colors: [ThemeRole: RoleOverride] = [:]) {
        self.name = name
        self.colors = colors
    }
}

/// The built-in themes.
public enum ThemeName: String, Sendable, Equatable, CaseIterable {
    /// 256 colours for dark terminal backgrounds.
    case `default`
    /// 256 colours for light terminal backgrounds.
    case light
    /// Attributes only (bold, reverse, dim): what NO_COLOR gives.
    case monochrome

    /// The theme called `text` (any case); unknown names fail with the
    /// known ones and a "did you mean".
    public static func parse(_ text: String) throws(ThemeNameError) -> ThemeName {
        if let name = ThemeName(rawValue: text.lowercased()) { return name }
        throw ThemeNameError(name: text)
    }
}

/// An unknown theme name.
public struct ThemeNameError: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String

    public var description: String {
        let names = ThemeName.allCases.map(\.rawValue)
        let hint = Suggestion.hint(for: name, in: names)
        return "unknown theme \"\(name)\" (themes: \(names.joined(separator: ", ")))\(hint)"
    }
}

/// The parts of the UI a theme styles.
public enum ThemeRole: String, Sendable, Equatable, CaseIterable {
    /// Rows and text.
    case normal
    /// The table header and titles.
    case header
    /// The selected row or card.
    case selected
    /// The status bar, help and panels.
    case status
    /// The footer line under the rows.
    case footer
    /// Secondary text.
    case dim
    /// Errors.
    case error
    /// Spinners, highlights, the search prompt while typing.
    case accent
}

/// A colour in a theme override.
public enum ThemeColor: Sendable, Equatable {
    /// The terminal's own colour.
    case `default`
    /// An xterm 256-colour palette index.
    case indexed(UInt8)
}

/// What a config changes in one role: colours and attributes left nil keep
/// the named theme's.
public struct RoleOverride: Sendable, Equatable {
    public var foreground: ThemeColor?
    public var background: ThemeColor?
    public var bold: Bool?
    public var underline: Bool?
    public var reverse: Bool?
    public var dim: Bool?

    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool? = nil,
                underline: Bool? = nil, reverse: Bool? = nil, dim: Bool? = nil) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }
}
