import RowboatSpec

/// The open filter and sort panel: the choices being edited (applied only
/// on Enter) and which option line the cursor is on.
public struct FilterPanel: Sendable, Equatable {
    /// Chosen option index per section, as edited so far.
    public var draft: [Int]
    /// The option line under the cursor, counting options of all sections
    /// in order.
    public var cursor: Int
    /// Esc was pressed with choices not applied: the panel says so, and a
    /// second Esc throws them away.
    public var closing = false

    public init(draft: [Int], cursor: Int = 0) {
        self.draft = draft
        self.cursor = cursor
    }

    /// The section and option index of every line, in order.
    public static func lines(_ sections: [QuerySection]) -> [(section: Int, option: Int)] {
        sections.enumerated().flatMap { s, section in section.options.indices.map { (s, $0) } }
    }
}

/// What the keys do in the filter panel.
public enum FilterPanelAction: Sendable, Equatable {
    case open
    /// Move the cursor by this many option lines.
    case move(Int)
    /// Choose the option under the cursor in its section.
    case choose
    /// Choose the option under the cursor and apply all choices.
    case apply
    /// Every section back to its default option (not applied yet).
    case reset
    /// Close without applying.
    case cancel

    /// A move this long reaches the first or last option.
    public static let farthest = 1_000_000
}
