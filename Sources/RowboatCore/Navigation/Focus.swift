import RowboatSpec

/// The part of the app the keys go to, decided in one place
/// (`AppState.focus`): the overlay if there is one, else the top screen.
public enum Focus: Sendable, Equatable {
    case help, dialog, sheet, filterPanel, output, columnsPanel
    case viewsPanel
    case detail
    case searchPrompt, searchResults
    case favorites
    case list
}
