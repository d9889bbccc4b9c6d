/// How the list is shown at first (`v` switches while running).
public enum ListPresentation: Sendable {
    /// A table of rows, or a grid of cards.
    case table, grid
}

/// The colour theme; `NO_COLOR` and terminals without colour still give
/// monochrome.
public enum ListTheme: String, Sendable {
    /// For dark terminals, for light ones, or attributes only.
    case `default`, light, monochrome
}
