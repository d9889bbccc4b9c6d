import RowboatSpec

extension Theme {
    /// 256 colours for light terminal backgrounds: dark text, light bars,
    /// a blue selection.
    public static let light = Theme(
        normal: .plain,
        header: Style(foreground: .indexed(235), background: .indexed(253), attributes: [.bold]),
        selected: Style(foreground: .indexed(231), background: .indexed(26), attributes: [.bold]),
        status: Style(foreground: .indexed(235), background: .indexed(252)),
        footer: Style(foreground: .indexed(242)),
        dim: Style(foreground: .indexed(243)),
        error: Style(foreground: .indexed(160), attributes: [.bold]),
        accent: Style(foreground: .indexed(25), attributes: [.bold]))

    /// The built-in theme called `name`.
    public static func named(_ name: ThemeName) -> Theme {
        switch name {
        case .default: .default
        case .light: .light
        case .monochrome: .monochrome
        }
    }

    /// The named theme of `settings` with its role overrides applied.
    public init(settings: ThemeSettings) {
        self = .named(settings.name)
        for (role, change) in settings.colors { self[role] = self[role].applying(change) }
    }

    /// The style of one role.
    public subscript(role: ThemeRole) -> Style {
        get {
            switch role {
            case .normal: normal
            case .header: header
            case .selected: selected
            case .status: status
            case .footer: footer
            case .dim: dim
            case .error: error
            case .accent: accent
            }
        }
        set {
            switch role {
            case .normal: normal = newValue
            case .header: header = newValue
            case .selected: selected = newValue
            case .status: status = newValue
            case .footer: footer = newValue
            case .dim: dim = newValue
            case .error: error = newValue
            case .accent: accent = newValue
            }
        }
    }

    /// Whether colours may be used: not when NO_COLOR is set (to anything
    /// but "") or the terminal has none. Then the screen draws with
    /// `.monochrome`, whatever theme the config or `--theme` chose.
    public static func colorsAllowed(noColor: String?, hasColors: Bool) -> Bool {
        hasColors && (noColor ?? "").isEmpty
    }
}

extension Style {
    /// This style with a config override's colours and attributes.
    func applying(_ change: RoleOverride) -> Style {
        var out = self
        if let c = change.foreground { out.foreground = Style.Color(c) }
        if let c = change.background { out.background = Style.Color(c) }
        let flags: [(Bool?, Attributes)] = [(change.bold, .bold), (change.underline, .underline),
                                            (change.reverse, .reverse), (change.dim, .dim)]
        for (on, attribute) in flags {
            guard let on else { continue }
            if on { out.attributes.insert(attribute) } else { out.attributes.remove(attribute) }
        }
        return out
    }
}

extension Style.Color {
    init(_ color: ThemeColor) {
        switch color {
        case .default: self = .default
        case .indexed(let i): self = .indexed(i)
        }
    }
}
