import RowboatCore

extension Theme {
    /// The style a row of `tone` is drawn in on `base` (its text's style):
    /// a colour in colour themes, an attribute in monochrome.
    public func style(_ tone: RowTone?, on base: Style) -> Style {
        guard let tone else { return base }
        var style = base
        let colours = self != .monochrome
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
