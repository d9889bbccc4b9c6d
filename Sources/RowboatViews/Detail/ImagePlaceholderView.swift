import RowboatSpec
import RowboatCells

/// The box where an image goes until its thumbnail is there: a dotted
/// frame, and in it where the image is — ◌ not asked for, ⇣ loading,
/// ✗ failed with its reason, images off; an item without an image (nil)
/// leaves the frame empty.
public struct ImagePlaceholderView: CellView {
    public var theme: Theme
    /// The dotted frame's style (the selection's on a selected card).
    public var frame: Style

    public init(theme: Theme, frame: Style) {
        self.theme = theme
        self.frame = frame
    }

    /// Draws the placeholder of an image in `phase` in `box`.
    public func render(_ phase: ImagePhase?, in box: Rect, into grid: inout CellGrid) {
        let (x, y, columns, rows) = (box.x, box.y, box.width, box.height)
        guard columns > 0, rows > 0 else { return }
        for line in 0..<rows {
            let edge = line == 0 || line == rows - 1
            let text = edge ? String(repeating: "·", count: columns)
                : "·" + String(repeating: " ", count: max(0, columns - 2)) + "·"
            grid.put(text, x: x, y: y + line, maxWidth: columns, style: frame)
        }
        var lines: [(String, Style)]
        switch phase {
        case nil: lines = []
        case .new: lines = [("◌", frame)]
        case .downloading: lines = [("⇣ loading", theme.dim)]
        case .downloaded: lines = []
        case .off: lines = [("images off", theme.dim)]
        case .failed(let reason): lines = [("✗ failed", theme.error), (reason, theme.dim)]
        }
        lines = Array(lines.prefix(max(0, rows - 2)))
        let top = y + max(1, (rows - lines.count) / 2)
        for (i, (text, style)) in lines.enumerated() {
            let fitted = TextFit.truncate(text, to: max(1, columns - 2))
            grid.put(fitted, x: x + max(1, (columns - DisplayWidth.of(fitted)) / 2), y: top + i, style: style)
        }
    }
}
