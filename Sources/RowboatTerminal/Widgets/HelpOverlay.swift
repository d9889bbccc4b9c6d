import RowboatCore
import RowboatSpec

/// The help overlay: a centered box listing every key of the current screen,
/// generated from the key map. When the entries do not fit one column, they
/// flow into more, each column as wide as its own keys and words; where the
/// box is short the blank lines inside it go first, where it is narrow the
/// words take their short forms ("open link in browser" → "open link"), and
/// only then is text cut to fit. Keys are never cut.
public struct HelpOverlay {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// `note` goes on the frame's bottom line, before "any key closes". The
    /// box is as large as `HelpLayout` finds the entries need at the
    /// screen's size, centred by `screen`.
    public func render(_ entries: [KeyHelp.Entry], title: String, note: String? = nil, screen: ScreenLayout,
                       into grid: inout CellGrid) {
        let footer = (note.map { $0 + " · " } ?? "") + "any key closes"
        guard let layout = HelpLayout.best(entries, width: screen.size.columns, height: screen.size.rows,
                                           footerWidth: DisplayWidth.of(footer)) else { return }
        let frame = OverlayFrame(screen.centered(width: layout.width, height: layout.height))
        let box = theme.status
        frame.draw(into: &grid, title: title, footer: footer, style: box, titleStyle: theme.header)
        let top = frame.y + 1 + (layout.padded ? 1 : 0)
        var x = frame.x + 2
        for column in layout.columns {
            for (row, entry) in column.entries.enumerated() {
                grid.put(TextFit.truncate(entry.keys, to: column.keyWidth), x: x, y: top + row, style: box)
                grid.put(entry.action, x: x + column.keyWidth + 2, y: top + row,
                         maxWidth: column.width - column.keyWidth - 2, style: box)
            }
            x += column.width + HelpLayout.gap
        }
    }
}

/// Where the help box's entries go: how many columns, each one's key and
/// word widths, and whether the box keeps a blank line above and below
/// them. Pure, so its choices are tested without drawing.
struct HelpLayout: Equatable {
    struct Column: Equatable {
        var entries: [KeyHelp.Entry]
        var keyWidth: Int
        /// Keys, two spaces and the words.
        var width: Int
    }

    var columns: [Column]
    var padded: Bool
    /// The box, border included.
    var width: Int
    var height: Int

    /// Columns of entries, border and margins.
    static let gap = 3
    static let keyLimit = 24
    /// Columns of words cut shorter than this are not drawn: fewer columns are.
    static let minWords = 12

    /// The first layout that fits `width` × `height` whole, trying in turn:
    /// long words with blank lines, long words without, short words with,
    /// short words without. Failing all, short words cut to fit, in as
    /// many columns as leave room for the keys: what does not fit is one
    /// last line saying how many more keys a larger terminal shows. Nil
    /// when not even that can be drawn.
    static func best(_ entries: [KeyHelp.Entry], width: Int, height: Int, footerWidth: Int) -> HelpLayout? {
        let short = entries.map { KeyHelp.Entry(keys: $0.keys, action: KeyHelp.abbreviated($0.action)) }
        for words in [entries, short] {
            for padded in [true, false] {
                if let fit = make(words, padded: padded, width: width, height: height, footerWidth: footerWidth),
                   fit.width <= width - 2 { return fit }
            }
        }
        guard let all = make(short, padded: false, width: width, height: height, footerWidth: footerWidth),
              let rows = all.columns.first?.entries.count else { return nil }
        for count in stride(from: all.columns.count, through: 1, by: -1) {
            var shown = Array(short.prefix(count * rows))
            if shown.count < short.count {
                shown[shown.count - 1] = KeyHelp.Entry(keys: "…", action: "\(short.count - shown.count + 1) more keys")
            }
            // Each column keeps its keys and shares what is left for words,
            // of which it keeps a readable part.
            let room = (width - 6 - gap * (count - 1)) / count
            var columns = make(shown, padded: false, width: width, height: height, footerWidth: footerWidth)?.columns ?? []
            var readable = !columns.isEmpty
            for i in columns.indices {
                let wanted = columns[i].width - columns[i].keyWidth - 2
                columns[i].width = min(columns[i].width, room)
                readable = readable && columns[i].width - columns[i].keyWidth - 2 >= min(wanted, minWords)
            }
            if readable { return HelpLayout(columns: columns, padded: false, width: width - 2, height: rows + 2) }
        }
        return nil
    }

    /// `entries` in as few columns as the height allows, each column as
    /// wide as it needs; nil when not even one row fits.
    static func make(_ entries: [KeyHelp.Entry], padded: Bool, width: Int, height: Int, footerWidth: Int) -> HelpLayout? {
        // The box may take all but a line above and below; its border and
        // the blank lines inside come off that.
        let rowsAvailable = height - 2 - 2 - (padded ? 2 : 0)
        guard rowsAvailable >= 1, !entries.isEmpty else { return nil }
        let count = (entries.count + rowsAvailable - 1) / rowsAvailable
        let rows = (entries.count + count - 1) / count
        var columns: [Column] = []
        for start in stride(from: 0, to: entries.count, by: rows) {
            let slice = Array(entries[start..<min(entries.count, start + rows)])
            let keyWidth = min(keyLimit, slice.map { DisplayWidth.of($0.keys) }.max() ?? 0)
            let wordWidth = slice.map { DisplayWidth.of($0.action) }.max() ?? 0
            columns.append(Column(entries: slice, keyWidth: keyWidth, width: keyWidth + 2 + wordWidth))
        }
        let inner = columns.map(\.width).reduce(0, +) + gap * (columns.count - 1)
        // " footer " inside the corners too, as far as the screen allows
        // (the frame cuts a longer one).
        let boxWidth = max(inner + 4, min(footerWidth + 6, width - 2))
        guard boxWidth > 10 else { return nil }
        return HelpLayout(columns: columns, padded: padded, width: boxWidth, height: rows + 2 + (padded ? 2 : 0))
    }
}
