import RowboatCore
import RowboatSpec
import RowboatCells

/// The action console (`O`) in the output pager's box: the runs kept,
/// newest first, two lines each — a mark of how it went (⚙ running, ✓
/// done, ✗ failed, ◌ cancelled), the title, its rows, when, and how it is
/// going ("running · 12 of 40 done · 1 failed"); under it the command line
/// as a shell would quote it. The selected run is highlighted; Enter opens
/// its output. Every text is sanitized where it is drawn.
public struct ActionConsoleView: CellView {
    /// What it shows: the runs kept, and which of them (newest first) is selected.
    public struct Console {
        public var runs: ActionRuns
        public var selection: Int

        public init(runs: ActionRuns, selection: Int) {
            self.runs = runs
            self.selection = selection
        }
    }

    public var theme: Theme
    /// The clock, for when each run started.
    public var now: Double
    /// The key map in force: the footer names its pager keys.
    public var keyMap: KeyMap

    public init(theme: Theme, now: Double, keyMap: KeyMap = .default) {
        self.theme = theme
        self.now = now
        self.keyMap = keyMap
    }

    /// Its keys, named from the pager's key layer (`KeyLayer.pager`), which it shares.
    public static let footerHint = TableHint(on: .pager, [.init([.pagerOpen], "output"), .init([.pagerClose], "close")])

    /// Draws the console in `box` (the layout's pager box).
    public func render(_ console: Console, in box: Rect, into grid: inout CellGrid) {
        let (runs, selection) = (console.runs, console.selection)
        let width = box.width
        let records = runs.newestFirst
        let perScreen = max(1, (box.height - 2) / 2)
        let top = max(0, min(selection - perScreen + 1, records.count - perScreen))
        let position = records.count > perScreen ? "\(selection + 1)/\(records.count) · " : ""
        let failed = records.filter { $0.outcome == .failed }.count
        let title = "Actions: \(records.count) run\(records.count == 1 ? "" : "s")" + (failed > 0 ? " · \(failed) failed" : "")
        let footer = position + Self.footerHint.parts(in: keyMap).joined(separator: " · ")
        OverlayFrame(style: theme.status, titleStyle: theme.header)
            .render(.init(title: title, footer: footer), in: box, into: &grid)
        for (i, record) in records[top..<min(records.count, top + perScreen)].enumerated() {
            let y = box.y + 1 + 2 * i
            let selected = top + i == selection
            let style = selected ? theme.selected : theme.status
            grid.fill(x: box.x + 1, y: y, count: width - 2, style: style)
            grid.fill(x: box.x + 1, y: y + 1, count: width - 2, style: style)
            let when = ValueFormatter.relative(record.startedAt, now: now)
            let line = "\(Self.mark(record.outcome)) \(record.title) · \(Self.rows(record)) · \(when) · \(record.progress)"
            let lineStyle = record.outcome == .failed && !selected
                ? Style(foreground: theme.error.foreground, background: theme.status.background) : style
            grid.put(Sanitizer.clean(line), x: box.x + 2, y: y, maxWidth: width - 4, style: lineStyle)
            let command = record.commands.first.map { $0 + (record.commands.count > 1 ? "  (+\(record.commands.count - 1) more)" : "") }
            grid.put("  " + Sanitizer.clean(command ?? ""), x: box.x + 2, y: y + 1, maxWidth: width - 4,
                     style: selected ? style : Style(foreground: theme.dim.foreground, background: theme.status.background))
        }
    }

    static func mark(_ outcome: ActionRecord.Outcome) -> String {
        switch outcome {
        case .running: "⚙"
        case .done: "✓"
        case .failed: "✗"
        case .cancelled: "◌"
        }
    }

    /// "on Item 3", "on 40 rows", "on the 3 marked rows".
    static func rows(_ record: ActionRecord) -> String {
        switch record.rows.count {
        case 0: "no row"
        case 1: "on " + record.rows[0]
        default: "on \(record.rows.count) rows"
        }
    }
}
