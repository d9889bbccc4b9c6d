import RowboatSpec

/// Geometry of the grid view: how many cards fit across the terminal, how
/// big each is, and how many card rows are visible.
public struct GridLayout: Sendable, Equatable {
    /// Narrowest card, including nothing else.
    public static let minCardWidth = 22
    /// Rows per card: thumbnail area, title, subtitle, badge line, gap.
    public static let cardHeight = 9
    /// Rows of the thumbnail area inside a card.
    public static let thumbnailRows = 5
    public static let gap = 1

    public let columns: Int
    public let cardWidth: Int
    public let visibleRows: Int

    /// The layout for a body `width` columns wide and `height` rows high.
    public init(width: Int, height: Int) {
        columns = max(1, (width + Self.gap) / (Self.minCardWidth + Self.gap))
        cardWidth = max(1, (width - Self.gap * (columns - 1)) / columns)
        visibleRows = max(1, height / Self.cardHeight)
    }

    /// Items visible at once.
    public var visibleItems: Int { columns * visibleRows }

    /// The first visible card row for a selection, given the list's scroll
    /// offset (in items): the row of the offset, moved just enough to show
    /// the selection.
    public func topRow(selection: Int, scrollOffset: Int) -> Int {
        let selectedRow = selection / columns
        var top = scrollOffset / columns
        if selectedRow < top { top = selectedRow }
        if selectedRow >= top + visibleRows { top = selectedRow - visibleRows + 1 }
        return max(0, top)
    }

    /// The index reached from `index` by one step in `direction`, clamped to
    /// `count` items.
    public func step(from index: Int, _ direction: GridDirection, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let target: Int
        switch direction {
        case .left: target = index % columns == 0 ? index : index - 1
        case .right: target = index % columns == columns - 1 ? index : index + 1
        case .up: target = index - columns
        case .down: target = index + columns
        case .pageUp: target = index - visibleItems
        case .pageDown: target = index + visibleItems
        }
        return min(max(0, target), count - 1)
    }
}

/// A move in the grid view.
public enum GridDirection: Sendable, Equatable {
    case left, right, up, down, pageUp, pageDown
}
