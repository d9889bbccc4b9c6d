import RowboatSpec
import RowboatCells

/// Where everything is on screen, as a pure function of the state and the
/// terminal size: the tabs line, header, body, footer and status rows, the
/// items the body shows and each one's rectangle, the detail's picture and
/// related strip, and what a click at a cell hits. The renderer, the mouse,
/// the wanted images and the reducer's paging all read it; nothing else
/// computes geometry.
public struct ScreenLayout: Sendable, Equatable {
    /// What a click lands on.
    public enum Hit: Sendable, Equatable {
        case tab(Int)
        /// A sub-tab: 0 `All`, then the declared views.
        case viewTab(Int)
        /// An item of the shown collection (rows, search matches or favorites).
        case item(Int)
        /// A card of the detail's related strip.
        case stripCard(Int)
        /// The strip, between or beside its cards.
        case strip
    }

    public let size: TerminalSize
    /// The tabs line's row (row 0), present when there is more than one tab.
    public let tabsRow: Int?
    /// Each tab's label on the tabs line (empty when there is no tabs line;
    /// zero-wide for a tab off the line).
    public let tabRects: [Rect]
    /// Where the tabs line says more tabs are off it: `‹` at its start,
    /// `›` at its end (nil: none that way).
    public let tabsMoreLeft: Rect?, tabsMoreRight: Rect?
    /// The sub-tabs line's row (the endpoint's `views:`), under the tabs
    /// line; nil when the endpoint declares no views.
    public let viewsRow: Int?
    /// Each sub-tab's label on the sub-tabs line: `All`, then each
    /// declared view (one that does not fit is left off).
    public let viewRects: [Rect]
    /// The list's header row (column titles, or the grid's title line).
    public let headerRow: Int
    /// The rows between the header and the footer.
    public let body: Rect
    public let footerRow: Int
    public let statusRow: Int

    /// The layout of `state` at its size.
    public static func of(_ state: AppState) -> ScreenLayout {
        ScreenLayout(size: state.size, tabs: state.tabs, currentTab: state.currentTab,
                     views: state.endpoints[state.endpointKey]?.views.map(\.name) ?? [])
    }

    init(size: TerminalSize, tabs: [TabState], currentTab: Int, views: [String] = []) {
        self.size = size
        let hasTabs = tabs.count > 1
        tabsRow = hasTabs ? 0 : nil
        let row = hasTabs ? 1 : 0
        viewsRow = views.isEmpty ? nil : row
        headerRow = row + (views.isEmpty ? 0 : 1)
        var rects: [Rect] = []
        var x = 1
        for name in views.isEmpty ? [] : ["All"] + views {
            let width = DisplayWidth.of(name) + 2
            guard x + width < size.columns else { break }
            rects.append(Rect(x: x, y: row, width: width, height: 1))
            x += width + 1
        }
        viewRects = rects
        let top = headerRow + 1
        body = Rect(x: 0, y: top, width: size.columns, height: max(1, size.rows - top - 2))
        footerRow = size.rows - 2
        statusRow = size.rows - 1
        let line = hasTabs ? Self.tabsLine(tabs, current: currentTab, width: size.columns) : (rects: [], left: nil, right: nil)
        tabRects = line.rects
        tabsMoreLeft = line.left
        tabsMoreRight = line.right
    }

    /// Rows taken by everything but the body.
    public var chromeRows: Int { size.rows - body.height }

    /// Table rows in the body.
    public var tableRows: Int { body.height }

    /// The grid of cards that fits the body.
    public var grid: GridLayout { GridLayout(width: body.width, height: body.height) }

    /// Items the body shows at once in `viewMode`.
    public func itemsPerScreen(viewMode: ViewMode) -> Int {
        switch viewMode {
        case .table: tableRows
        case .grid: grid.visibleItems
        }
    }

    /// How search matches are laid out: items per line and lines visible
    /// (table: one per row; grid: a row of cards per line).
    public func searchGeometry(viewMode: ViewMode) -> (perLine: Int, lines: Int) {
        switch viewMode {
        case .table: (1, tableRows)
        case .grid: (grid.columns, grid.visibleRows)
        }
    }

    // MARK: the tabs line

    /// Labels laid left to right with a space between. When they do not
    /// fit, the line starts at a tab that keeps the current one in view,
    /// only whole labels are drawn, and `‹` / `›` (two cells each) say that
    /// more tabs are off the line that way.
    static func tabsLine(_ tabs: [TabState], current: Int, width: Int) -> (rects: [Rect], left: Rect?, right: Rect?) {
        // By index: a tab is a large value, not to be copied per label.
        let widths = tabs.indices.map { DisplayWidth.of(TabLabel.text(tabs[$0], number: $0 + 1, spinner: "·")) }
        let all = widths.reduce(0, +) + widths.count - 1
        let off = Rect(x: -1, y: 0, width: 0, height: 0)
        guard all > width else {
            var x = 0
            return (widths.map { w in defer { x += w + 1 }; return Rect(x: x, y: 0, width: w, height: 1) }, nil, nil)
        }
        let mark = 2
        // The first tab shown: the current one fits with the marks' room beside it.
        var start = 0
        func room(from start: Int) -> Int { width - (start > 0 ? mark : 0) - (current < widths.count - 1 ? mark : 0) }
        while start < current, widths[start...current].reduce(0, +) + (current - start) > room(from: start) { start += 1 }
        var x = start > 0 ? mark : 0
        var rects = Array(repeating: off, count: widths.count)
        var last = start - 1
        for i in start..<widths.count {
            let end = x + widths[i]
            // Whole labels only, and room for the › when more tabs follow.
            guard end <= width - (i < widths.count - 1 ? mark : 0) else { break }
            rects[i] = Rect(x: x, y: 0, width: widths[i], height: 1)
            last = i
            x = end + 1
        }
        if last < current, current < widths.count {
            // A current label wider than the line: cut, as the one tab shown.
            rects[current] = Rect(x: start > 0 ? mark : 0, y: 0, width: max(0, room(from: start)), height: 1)
            last = current
        }
        let left = start > 0 ? Rect(x: 0, y: 0, width: 1, height: 1) : nil
        let right = last < widths.count - 1 ? Rect(x: width - 1, y: 0, width: 1, height: 1) : nil
        return (rects, left, right)
    }

    // MARK: items

    /// The items a list screen shows: which collection, which of them are
    /// drawn, and where. Nil for the detail screen.
    public func items(in state: AppState) -> ItemWindow? {
        let tab = state.tab
        switch tab.top {
        case .detail:
            return nil
        case .favorites(let selection):
            let first = max(0, selection - tableRows + 1)
            return ItemWindow(kind: .table, body: body, first: first, count: state.favorites.count, selection: selection)
        case .search(let search):
            let geometry = searchGeometry(viewMode: tab.viewMode)
            let first = search.clampedScrollLine(perLine: geometry.perLine, lines: geometry.lines) * geometry.perLine
            return ItemWindow(kind: kind(tab.viewMode), body: body, first: first, count: search.matches.count,
                              selection: search.selection)
        case nil:
            let list = tab.list
            let first: Int
            switch tab.viewMode {
            case .table: first = list.scrollOffset
            case .grid: first = grid.topRow(selection: list.selection, scrollOffset: list.scrollOffset) * grid.columns
            }
            return ItemWindow(kind: kind(tab.viewMode), body: body, first: first, count: list.rows.count,
                              selection: list.selection)
        }
    }

    func kind(_ mode: ViewMode) -> ItemWindow.Kind {
        mode == .table ? .table : .grid(grid)
    }

    // MARK: the detail

    /// The detail screen's regions at this size.
    public func detail(_ detail: DetailState) -> DetailGeometry {
        DetailGeometry(size: size, titleRow: headerRow, hasStrip: detail.strip != nil,
                       stripScroll: detail.strip?.list.scrollOffset ?? 0,
                       stripSelection: detail.strip?.list.selection ?? 0, stripCount: detail.strip?.list.rows.count ?? 0)
    }

    // MARK: hit-testing

    /// What a click at (x, y) lands on in `state`.
    public func hit(x: Int, y: Int, in state: AppState) -> Hit? {
        if let row = tabsRow, y == row {
            return tabRects.firstIndex { $0.contains(x: x, y: y) }.map(Hit.tab)
        }
        if let row = viewsRow, y == row {
            return viewRects.firstIndex { $0.contains(x: x, y: y) }.map(Hit.viewTab)
        }
        if let detail = state.detail {
            guard let strip = self.detail(detail).strip, strip.area.contains(x: x, y: y) else { return nil }
            return strip.index(atX: x, y: y).map(Hit.stripCard) ?? .strip
        }
        return items(in: state)?.index(atX: x, y: y).map(Hit.item)
    }
}

/// The items drawn in the body: a table (one per row) or a grid of cards,
/// from `first` on, with each one's rectangle.
public struct ItemWindow: Sendable, Equatable {
    /// Rows of a table, or cards laid out by a grid.
    public enum Kind: Sendable, Equatable {
        case table
        case grid(GridLayout)
    }

    public let kind: Kind
    public let body: Rect
    /// Index (in the shown collection) of the first item drawn.
    public let first: Int
    /// Items in the shown collection.
    public let count: Int
    public let selection: Int

    /// Items that fit in the body at once.
    public var perScreen: Int {
        switch kind {
        case .table: body.height
        case .grid(let g): g.visibleItems
        }
    }

    /// Indices of the items drawn.
    public var visible: Range<Int> { min(first, count)..<min(count, first + perScreen) }

    /// The rectangle of item `index`, if it is drawn.
    public func rect(of index: Int) -> Rect? {
        guard visible.contains(index) else { return nil }
        let offset = index - first
        switch kind {
        case .table:
            return .init(x: body.x, y: body.y + offset, width: body.width, height: 1)
        case .grid(let g):
            let column = offset % g.columns, row = offset / g.columns
            return .init(x: body.x + column * (g.cardWidth + GridLayout.gap), y: body.y + row * GridLayout.cardHeight,
                         width: g.cardWidth, height: GridLayout.cardHeight)
        }
    }

    /// The item drawn at (x, y), if any (not the gaps between cards).
    public func index(atX x: Int, y: Int) -> Int? {
        visible.first { rect(of: $0)?.contains(x: x, y: y) == true }
    }
}

/// The detail screen's regions: the title row, the scrolled text (with the
/// picture at its top), the related strip at the bottom when the endpoint
/// has one and the terminal is tall enough, and the status row.
public struct DetailGeometry: Sendable, Equatable {
    /// Rows the strip takes: its title line and one row of cards.
    public static let stripHeight = 1 + GridLayout.cardHeight - 1
    /// The text keeps at least this many rows before a strip is shown.
    public static let minTextRows = 5

    /// The item's title line.
    public let titleRow: Int
    /// The rows of scrolled content.
    public let text: Rect
    /// The picture's box (columns, rows) at the top of the content.
    public let picture: (columns: Int, rows: Int)
    /// The picture's left column: the box centred across the screen.
    public let pictureX: Int
    public let strip: StripGeometry?
    public let statusRow: Int

    init(size: TerminalSize, titleRow: Int, hasStrip: Bool, stripScroll: Int, stripSelection: Int, stripCount: Int) {
        self.titleRow = titleRow
        let bodyTop = titleRow + 1, bodyHeight = max(0, size.rows - 1 - bodyTop)
        let showStrip = hasStrip && bodyHeight >= Self.stripHeight + Self.minTextRows
        let textHeight = showStrip ? bodyHeight - Self.stripHeight : bodyHeight
        text = .init(x: 1, y: bodyTop, width: max(0, size.columns - 2), height: textHeight)
        picture = (max(1, min(size.columns - 2, 64)), max(3, min(16, textHeight / 2)))
        pictureX = max(1, (size.columns - picture.columns) / 2)
        statusRow = size.rows - 1
        strip = showStrip ? StripGeometry(top: bodyTop + textHeight, width: size.columns, scroll: stripScroll,
                                          selection: stripSelection, count: stripCount) : nil
    }

    public static func == (a: DetailGeometry, b: DetailGeometry) -> Bool {
        a.titleRow == b.titleRow && a.text == b.text && a.picture == b.picture && a.pictureX == b.pictureX
            && a.strip == b.strip
            && a.statusRow == b.statusRow
    }
}

/// The related strip: a title line, then one row of cards as wide as the
/// grid's, scrolled sideways to keep the selected card in view.
public struct StripGeometry: Sendable, Equatable {
    public let titleRow: Int
    /// The strip's whole area (title line and cards).
    public let area: Rect
    public let cardWidth: Int
    /// Cards that fit across.
    public let perScreen: Int
    /// Index of the first card drawn.
    public let first: Int
    public let count: Int

    init(top: Int, width: Int, scroll: Int, selection: Int, count: Int) {
        titleRow = top
        area = .init(x: 0, y: top, width: width, height: DetailGeometry.stripHeight)
        let grid = GridLayout(width: width, height: GridLayout.cardHeight)
        cardWidth = grid.cardWidth
        perScreen = grid.columns
        var first = min(scroll, max(0, count - 1))
        if selection < first { first = selection }
        if selection >= first + perScreen { first = selection - perScreen + 1 }
        self.first = max(0, first)
        self.count = count
    }

    /// Rows of a card in the strip: thumbnail, title, subtitle, badge line.
    public static var cardRows: Int { GridLayout.cardHeight - 1 }

    /// Indices of the cards drawn.
    public var visible: Range<Int> { min(first, count)..<min(count, first + perScreen) }

    /// The rectangle of card `index`, if drawn.
    public func rect(of index: Int) -> Rect? {
        guard visible.contains(index) else { return nil }
        return .init(x: (index - first) * (cardWidth + GridLayout.gap), y: titleRow + 1, width: cardWidth,
                     height: Self.cardRows)
    }

    public func index(atX x: Int, y: Int) -> Int? {
        visible.first { rect(of: $0)?.contains(x: x, y: y) == true }
    }
}

extension ScreenLayout {
    /// The cells of a table row's gutter: its mark (`●`), new (`+`) or
    /// favorite (`★`), and a space, so the columns never move when a row
    /// gains one.
    public static let rowGutter = 3

    /// Where a table's first column starts: after the image badge column
    /// (two cells, when there is one) and the row's gutter.
    public static func columnsX(badges: Bool) -> Int { (badges ? 2 : 0) + rowGutter }

    /// A table's columns in `width` cells (`columnsX` of them before the first).
    public static func table(_ specs: [ColumnSpec], width: Int, badges: Bool) -> TableLayout {
        TableLayout(specs: specs, width: max(1, width - columnsX(badges: badges)))
    }

    /// The table's columns as the list screen of `state` lays them out.
    public static func table(_ state: AppState) -> TableLayout {
        table(state.columns, width: state.size.columns, badges: state.showsImageBadges)
    }
}
