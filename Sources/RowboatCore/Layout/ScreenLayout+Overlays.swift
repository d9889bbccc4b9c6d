/// Where the boxes over the screen go: an overlay (filter panel, action
/// sheet, confirm dialog, help) is as large as its content asks, within the
/// screen less a cell all round, centred; the output pager takes nearly the
/// whole screen; a toast sits at the right end of the footer row. The views
/// say how much room their text wants and draw inside the rectangle they
/// are given here.
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

    func box(width: Int, height: Int) -> Rect? {
        guard width >= Self.overlayMinimum.width, height >= Self.overlayMinimum.height else { return nil }
        return centered(width: width, height: height)
    }
}
