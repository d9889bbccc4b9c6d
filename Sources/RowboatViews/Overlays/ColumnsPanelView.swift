import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// The columns panel: a box over the list with one line per field — ● for
/// a shown column (in its order), ○ for a field not shown — its title,
/// where it is read, its width on screen and the local sort's arrow; the
/// cursor line highlighted, the keys at the bottom. Long panels scroll to
/// keep the cursor shown.
public struct ColumnsPanelView: SizedCellView {
    public var theme: Theme
    /// The app's state: the tab's columns and fields, their widths on screen, the sort and filter in force.
    public var state: AppState
    public var keyMap: KeyMap

    public init(theme: Theme, state: AppState, keyMap: KeyMap = .default) {
        self.theme = theme
        self.state = state
        self.keyMap = keyMap
    }

    /// The panel's keys, named from its key layer (`KeyLayer.columnsPanel`),
    /// most used first; written where its box ends: as many as fit, the
    /// close key always.
    public static let footerHint = TableHint(on: .columnsPanel, [
        .init([.columnsShow], "show"), .init([.columnsLeft, .columnsRight], "move"),
        .init([.columnsWider, .columnsNarrower], "width"), .init([.columnsSort], "sort"), .init([.columnsAdd], "jq column"),
        .init([.columnsKeepEqual], "keep ="), .init([.columnsKeepContaining], "keep ~"),
        .init([.columnsType], "type a value"), .init([.columnsUnfilter], "drop filter"),
        .init([.columnsKeepLess, .columnsKeepGreater], "keep < >"), .init([.columnsRestore], "config's"),
    ])
    static let closeHint = TableHint(on: .columnsPanel, [.init([.columnsClose], "close")])

    /// While typing (`KeyLayer.columnsPrompt`): the prompt's own keys, Enter's
    /// words as what is typed is an expression column's jq or a filter's value.
    static func typingHint(addsColumn: Bool) -> TableHint {
        TableHint(on: .columnsPrompt, [.init([.columnsSubmit], addsColumn ? "add the column" : "keep the rows"),
                                        .init([.columnsCancel], "drop")])
    }

    /// The footer for a box `width` cells wide.
    public static func footer(width: Int, keyMap: KeyMap = .default) -> String {
        var parts = footerHint.parts(in: keyMap)
        let close = closeHint.parts(in: keyMap)
        while !parts.isEmpty, DisplayWidth.of((parts + close).joined(separator: " · ")) > width - 6 {
            parts.removeLast()
        }
        return (parts + close).joined(separator: " · ")
    }

    /// One line of text per field: shown or not, its title, where it is
    /// read, its width on screen, the local sort's arrow, its filter conditions.
    func texts(_ lines: [ColumnsPanel.Line]) -> [String] {
        let widths = Dictionary(ScreenLayout.table(state).columns.map { ($0.spec.field, $0.width) }) { a, _ in a }
        let sort = state.list.sort
        let titleWidth = min(24, lines.map { DisplayWidth.of($0.title) }.max() ?? 0)
        let pathWidth = min(28, lines.map { DisplayWidth.of($0.path) }.max() ?? 0)
        return lines.map { line -> String in
            let mark = line.shown ? "●" : "○"
            let width: String
            if line.shown { width = widths[line.field].map { "\($0) cells" } ?? "off screen" } else { width = "" }
            // What is in force on the field: the local sort's arrow, its filter conditions.
            let arrow = sort?.field == line.field ? " " + sort!.arrow : ""
            // (The conditions asked for: while a long list is filtered, the ones being put in force.)
            let conditions = (state.list.wantedFilter?.conditions ?? []).filter { $0.field == line.field }
                .map { " \($0.relation.rawValue) " + TextFit.truncate($0.value, to: 16) }.joined()
            return "\(mark) \(Self.pad(line.title, to: titleWidth))  \(Self.pad(line.path, to: pathWidth))  "
                + Self.pad(width, to: 10) + arrow + conditions
        }
    }

    var lines: [ColumnsPanel.Line] { ColumnsPanel.lines(columns: state.columns, fields: state.columnFields) }

    /// Room for the widest line or every key, a line per field (and one for a problem).
    public func size(of panel: ColumnsPanel) -> (width: Int, height: Int)? {
        let lines = self.lines
        let widest = texts(lines).map { DisplayWidth.of($0) }.max() ?? 0
        return (max(widest + 4, DisplayWidth.of(Self.footer(width: .max, keyMap: keyMap)) + 6, 30),
                lines.count + (panel.problem == nil ? 4 : 5))
    }

    /// Draws `panel` in `box`, scrolled to keep the cursor shown; the keys that fit its width at the bottom.
    public func render(_ panel: ColumnsPanel, in box: Rect, into grid: inout CellGrid) {
        let lines = self.lines
        let texts = self.texts(lines)
        let (width, height) = (box.width, box.height)
        var footer = Self.footer(width: width, keyMap: keyMap)
        if let typed = panel.typed, panel.addsColumn || lines.indices.contains(panel.cursor) {
            // The value or expression being typed, its end kept in view (drawn clean, as all text is).
            let label = panel.addsColumn ? "jq column" : lines[panel.cursor].title
            footer = PromptFooter.line(label: label, typed: typed,
                                       keys: Self.typingHint(addsColumn: panel.addsColumn).parts(in: keyMap),
                                       width: width)
        }
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: "Columns of \(state.tab.title)", footer: footer), in: box, into: &grid)
        let visible = height - (panel.problem == nil ? 4 : 5)
        if let problem = panel.problem {
            grid.put(problem, x: box.x + 2, y: box.y + height - 2, maxWidth: width - 4, style: theme.error)
        }
        let top = min(max(0, panel.cursor - visible + 1), max(0, lines.count - visible))
        for i in top..<min(lines.count, top + visible) {
            let y = box.y + 2 + (i - top)
            let style = i == panel.cursor ? theme.selected : lines[i].shown ? theme.status : theme.status.dimmed
            if i == panel.cursor { grid.fill(x: box.x + 1, y: y, count: width - 2, style: style) }
            grid.put(texts[i], x: box.x + 2, y: y, maxWidth: width - 4, style: style)
        }
    }
}

extension ColumnsPanelView {
    /// `text` cut or filled with spaces to `width` cells.
    static func pad(_ text: String, to width: Int) -> String {
        let fitted = TextFit.truncate(text, to: width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }
}
