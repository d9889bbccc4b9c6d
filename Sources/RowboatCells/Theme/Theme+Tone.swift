/// A tone an embedding program adds to the theme (a RowboatKit style
/// role): its colour and attributes, and what it is in monochrome.
public struct ToneRole: Sendable, Hashable {
    public var foreground: Style.Color?
    public var attributes: Style.Attributes
    /// Its attributes where there is no colour (NO_COLOR, the monochrome theme).
    public var monochrome: Style.Attributes

    public init(foreground: Style.Color?, attributes: Style.Attributes = [], monochrome: Style.Attributes = [.bold]) {
        self.foreground = foreground
        self.attributes = attributes
        self.monochrome = monochrome
    }
}

extension Theme {
    /// True for the monochrome theme (attributes only, no colours), with
    /// or without tones of a program's own.
    public var isMonochrome: Bool {
        var base = self
        base.tones = [:]
        return base == .monochrome
    }

    /// The same theme in monochrome, its tones kept (for their monochrome attributes).
    public var monochromed: Theme {
        var theme = Theme.monochrome
        theme.tones = tones
        return theme
    }

    /// The style a row (or a cell) whose tone is named `name` is drawn in
    /// on `base`: a built-in `RowTone`, else a role in `tones`; nil or an
    /// unknown name leaves `base`.
    public func style(toneNamed name: String?, on base: Style) -> Style {
        guard let name else { return base }
        if let tone = RowTone(rawValue: name) { return style(tone, on: base) }
        guard let role = tones[name] else { return base }
        var style = base
        if isMonochrome {
            style.attributes.formUnion(role.monochrome)
        } else {
            if let colour = role.foreground { style.foreground = colour }
            style.attributes.formUnion(role.attributes)
        }
        return style
    }

    /// The style a row of `tone` is drawn in on `base` (its text's style):
    /// a colour in colour themes, an attribute in monochrome.
    public func style(_ tone: RowTone?, on base: Style) -> Style {
        guard let tone else { return base }
        var style = base
        let colours = !isMonochrome
        switch tone {
        case .good: if colours { style.foreground = .indexed(114) } else { style.attributes.insert(.bold) }
        case .warning: if colours { style.foreground = .indexed(221) } else { style.attributes.insert(.underline) }
        case .bad: style.foreground = error.foreground; style.attributes.formUnion(error.attributes)
        case .muted: style.foreground = dim.foreground; style.attributes.formUnion(dim.attributes)
        case .strong: style.attributes.insert(.bold)
        }
        return style
    }
}
