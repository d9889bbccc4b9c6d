import RowboatCells

/// Where the boxes and lines over the screen go: an overlay (filter panel,
/// action sheet, confirm dialog) is as large as its content asks, within
/// the screen less a cell all round, centred; help is centred at the size
/// its columns take; the output pager takes nearly the whole screen; a
/// toast sits at the right end of the footer row; the search prompt is the
/// footer row, its typed text in the left half; a message (loading, empty,
/// an error, "terminal too small") is centred line by line in its area.
/// The views say how much room their text wants and draw inside the
/// rectangle they are given here.
extension ScreenLayout {
    /// Below this an overlay box shows nothing useful and is not drawn.
    public static let overlayMinimum = (width: 13, height: 5)

    /// A `width` × `height` rectangle centred on the screen.
    public func centered(width: Int, height: Int) -> Rect {
        Rect(x: (size.columns - width) / 2, y: (size.rows - height) / 2, width: width, height: height)
    }

    /// The box of an overlay whose content (border included) wants `width`
    /// × `height` cells: no larger than the screen less one cell on every
    /// side, centred; nil when that is smaller than `overlayMinimum`.
    public func overlayBox(width: Int, height: Int) -> Rect? {
        box(width: min(size.columns - 2, width), height: min(size.rows - 2, height))
    }

    /// The output pager's box: the screen less two columns at each side and
    /// a row above and below; nil when that is smaller than `overlayMinimum`.
    public var pagerBox: Rect? {
        box(width: max(0, size.columns - 4), height: max(0, size.rows - 2))
    }

    /// The widest a toast's text may be (it is cut to fit).
    public var toastRoom: Int { max(1, size.columns - 4) }

    /// A toast `width` cells wide: on the footer row, ending a column
    /// before the screen does; nil when the screen has no row above it.
    public func toast(width: Int) -> Rect? {
        guard footerRow >= 1 else { return nil }
        return Rect(x: max(0, size.columns - width - 1), y: footerRow, width: width, height: 1)
    }

    /// The search prompt: the footer row across the screen; the text typed
    /// after "/" takes at most the left half (`searchTextRoom`), the count
    /// and keys the rest.
    public var searchPrompt: Rect {
        Rect(x: 0, y: footerRow, width: size.columns, height: 1)
    }

    /// The widest the search prompt's typed text is drawn.
    public var searchTextRoom: Int { max(1, size.columns / 2) }

    /// The widest a centred message line may be: the screen less a column
    /// at each side.
    public var messageRoom: Int { max(0, size.columns - 2) }

    /// Lines `widths` wide centred in `area`: the block in the middle of its
    /// rows (from the top when it does not fit), each line in the middle of
    /// the screen's width.
    public func message(_ widths: [Int], in area: Rect) -> [Rect] {
        let top = area.y + max(0, (area.height - widths.count) / 2)
        return widths.enumerated().map { i, width in
            Rect(x: max(0, (size.columns - width) / 2), y: top + i, width: width, height: 1)
        }
    }

    /// The whole screen (where "terminal too small" is said).
    public var screen: Rect { Rect(x: 0, y: 0, width: size.columns, height: size.rows) }

    /// Screen row `row` across the whole width: where a line of the screen
    /// (the tabs, the header, a table row, the status) is drawn.
    public func line(_ row: Int) -> Rect { Rect(x: 0, y: row, width: size.columns, height: 1) }

    func box(width: Int, height: Int) -> Rect? {
        guard width >= Self.overlayMinimum.width, height >= Self.overlayMinimum.height else { return nil }
        return centered(width: width, height: height)
    }
}
