import RowboatSpec

/// Where the help box's entries go: how many columns, each one's key and
/// word widths, and whether the box keeps a blank line above and below
/// them. Pure, so its choices are tested without drawing.
public struct HelpLayout: Equatable, Sendable {
    public struct Column: Equatable, Sendable {
        public var entries: [KeyHelp.Entry]
        public var keyWidth: Int
        /// Keys, two spaces and the words.
        public var width: Int
    }

    /// The first page's columns.
    public var columns: [Column] { pages[0] }
    /// The entries' columns page by page (one page when they all fit).
    public var pages: [[Column]]
    public var padded: Bool
    /// The box, border included.
    public var width: Int
    public var height: Int

    /// Columns of entries, border and margins.
    public static let gap = 3
    public static let keyLimit = 24
    /// Columns of words cut shorter than this are not drawn: fewer columns are.
    static let minWords = 12

    /// The first layout that fits `width` × `height` whole, trying in turn:
    /// long words with blank lines, long words without, short words with,
    /// short words without. Failing all, short words cut to fit, in as
    /// many columns as leave room for the keys, over as many pages as it
    /// takes (the help's scroll keys turn them). Nil when not even that
    /// can be drawn.
    public static func best(_ entries: [KeyHelp.Entry], width: Int, height: Int, footerWidth: Int) -> HelpLayout? {
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
            // Each column keeps its keys and shares what is left for words,
            // of which it keeps a readable part; every page alike.
            let room = (width - 6 - gap * (count - 1)) / count
            var pages: [[Column]] = []
            var readable = true
            for start in stride(from: 0, to: short.count, by: count * rows) {
                let page = Array(short[start..<min(short.count, start + count * rows)])
                var columns = columns(of: page, rows: rows)
                for i in columns.indices {
                    let wanted = columns[i].width - columns[i].keyWidth - 2
                    columns[i].width = min(columns[i].width, room)
                    readable = readable && columns[i].width - columns[i].keyWidth - 2 >= min(wanted, minWords)
                }
                pages.append(columns)
            }
            if readable && !pages.isEmpty { return HelpLayout(pages: pages, padded: false, width: width - 2, height: rows + 2) }
        }
        return nil
    }

    /// `entries` down columns of `rows`, each as wide as it needs.
    static func columns(of entries: [KeyHelp.Entry], rows: Int) -> [Column] {
        stride(from: 0, to: entries.count, by: max(1, rows)).map { start in
            let slice = Array(entries[start..<min(entries.count, start + max(1, rows))])
            let keyWidth = min(keyLimit, slice.map { DisplayWidth.of($0.keys) }.max() ?? 0)
            let wordWidth = slice.map { DisplayWidth.of($0.action) }.max() ?? 0
            return Column(entries: slice, keyWidth: keyWidth, width: keyWidth + 2 + wordWidth)
        }
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
        let columns = columns(of: entries, rows: rows)
        let inner = columns.map(\.width).reduce(0, +) + gap * (columns.count - 1)
        // " footer " inside the corners too, as far as the screen allows
        // (the frame cuts a longer one).
        let boxWidth = max(inner + 4, min(footerWidth + 6, width - 2))
        guard boxWidth > 10 else { return nil }
        return HelpLayout(pages: [columns], padded: padded, width: boxWidth, height: rows + 2 + (padded ? 2 : 0))
    }
}
