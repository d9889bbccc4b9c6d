/// Styles for each part of the UI, so widgets name a role, not a colour.
public struct Theme: Sendable, Equatable {
    public var normal: Style
    public var header: Style
    public var selected: Style
    public var status: Style
    public var footer: Style
    public var dim: Style
    public var error: Style
    public var accent: Style
    /// Tones an embedding program adds (RowboatKit's style roles), by name.
    public var tones: [String: ToneRole] = [:]

    public init(normal: Style, header: Style, selected: Style, status: Style,
                footer: Style, dim: Style, error: Style, accent: Style) {
        self.normal = normal
        self.header = header
        self.selected = selected
        self.status = status
        self.footer = footer
        self.dim = dim
        self.error = error
        self.accent = accent
    }

    /// The default 256-colour theme.
    public static let `default` = Theme(
        normal: .plain,
        header: Style(foreground: .indexed(252), background: .indexed(238), attributes: [.bold]),
        selected: Style(foreground: .indexed(231), background: .indexed(25), attributes: [.bold]),
        status: Style(foreground: .indexed(252), background: .indexed(236)),
        footer: Style(foreground: .indexed(245)),
        dim: Style(foreground: .indexed(245)),
        error: Style(foreground: .indexed(203), attributes: [.bold]),
        accent: Style(foreground: .indexed(81), attributes: [.bold]))

    /// No colours, attributes only (NO_COLOR, monochrome terminals).
    public static let monochrome = Theme(
        normal: .plain,
        header: Style(attributes: [.bold, .underline]),
        selected: Style(attributes: [.reverse]),
        status: Style(attributes: [.reverse]),
        footer: Style(attributes: [.dim]),
        dim: Style(attributes: [.dim]),
        error: Style(attributes: [.bold]),
        accent: Style(attributes: [.bold]))
}
