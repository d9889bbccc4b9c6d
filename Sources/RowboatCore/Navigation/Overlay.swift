import RowboatSpec

/// What sits over the screens, at most one at a time. Help remembers the
/// overlay it was opened over and gives it back when closed.
public indirect enum Overlay: Sendable, Equatable {
    case filterPanel(FilterPanel)
    case sheet(ActionSheet)
    case dialog(ConfirmDialog)
    /// A program's output (`O`).
    case output(OutputPager)
    /// The columns panel (`c`).
    case columns(ColumnsPanel)
    /// The views panel (`V`).
    case views(ViewsPanel)
    case help(over: Overlay?)
}
