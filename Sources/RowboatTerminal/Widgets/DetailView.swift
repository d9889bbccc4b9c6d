import RowboatCore

/// The detail screen: every mapped field of one item, long text wrapped,
/// scrolled by the user.
public struct DetailView {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// The content as styled lines, wrapped to `width`.
    func lines(for row: RowModel, width: Int, now: Double) -> [(String, Style)] {
        var out: [(String, Style)] = []
        for line in TextFit.wrap(row.title, width: width) { out.append((line, theme.accent)) }
        if !row.subtitle.isEmpty {
            for line in TextFit.wrap(row.subtitle, width: width) { out.append((line, theme.dim)) }
        }
        out.append(("", theme.normal))
        let names = row.fieldOrder.filter { $0 != "title" && $0 != "subtitle" }
        let labelWidth = min(14, names.map { DisplayWidth.of($0) }.max() ?? 0)
        let valueWidth = max(8, width - labelWidth - 2)
        for name in names {
            let value = row.text(name, now: now)
            let wrapped = TextFit.wrap(value.isEmpty ? "—" : value, width: valueWidth)
            for (i, line) in wrapped.enumerated() {
                let label = i == 0 ? TextFit.truncate(name, to: labelWidth) : ""
                let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label)))
                out.append((label + pad + "  " + line, theme.normal))
            }
        }
        return out
    }

    public func render(_ state: AppState, detail: DetailState, into grid: inout CellGrid, now: Double) {
        let height = grid.height
        let row = state.list.positions[detail.rowID].map { state.list.rows[$0] }
            ?? state.favorites.first { $0.id == detail.rowID }
        grid.fill(x: 0, y: 0, count: grid.width, style: theme.header)
        let star = row.map { state.isFavorite($0.id) } == true ? "★ " : ""
        grid.put(" ‹ " + star + (row?.title ?? "item"), x: 0, y: 0, maxWidth: grid.width, style: theme.header)
        let body = max(0, height - 2)
        // The picture comes first (as blank lines here, painted below), then the text.
        let box = state.detailImageSize
        let pictureRows = row?.imageURL == nil ? 0 : box.rows + 1
        let content = Array(repeating: ("", theme.normal), count: pictureRows)
            + (row.map { lines(for: $0, width: grid.width - 2, now: now) }
               ?? [("This item is no longer in the list.", theme.dim)])
        let scroll = min(detail.scroll, max(0, content.count - body))
        for i in 0..<body where scroll + i < content.count {
            let (text, style) = content[scroll + i]
            grid.put(text, x: 1, y: 1 + i, maxWidth: grid.width - 2, style: style)
        }
        if let row, let url = row.imageURL, scroll < box.rows {
            // Paint the picture into a scratch grid and copy its visible rows.
            var picture = CellGrid(width: box.columns, height: box.rows)
            let painter = ThumbnailPainter(theme: theme)
            if let thumbnail = state.thumbnails[ImageRequest(url: url, columns: box.columns, rows: box.rows)] {
                painter.paint(thumbnail, into: &picture, x: 0, y: 0, columns: box.columns, rows: box.rows)
            } else {
                painter.placeholder(state.images[url] ?? .new, into: &picture, x: 0, y: 0, columns: box.columns,
                                    rows: box.rows, frame: theme.dim)
            }
            let x0 = max(1, (grid.width - box.columns) / 2)
            for line in scroll..<box.rows where 1 + line - scroll < 1 + body {
                grid.copyRow(from: picture, row: line, toX: x0, y: 1 + line - scroll)
            }
        }
        grid.fill(x: 0, y: height - 1, count: grid.width, style: theme.status)
        let position = content.count > body ? " · \(scroll + 1)-\(min(content.count, scroll + body))/\(content.count)" : ""
        grid.put(" \(state.endpointKey) · item \(detail.rowID)\(position) · esc back · j/k scroll",
                 x: 0, y: height - 1, style: theme.status)
    }
}
