import RowboatCore
import RowboatSpec
import RowboatCells

/// The detail screen: the item's picture and every mapped field, long text
/// wrapped and scrolled by the user; under it, when the endpoint declares
/// related items, a strip of their cards (or one line saying it is loading,
/// empty or failed). Regions come from `DetailGeometry`.
public struct DetailView: CellView {
    public var theme: Theme
    /// The app's state: favorites, thumbnails and image phases.
    public var state: AppState
    /// Where the detail's parts go (`ScreenLayout.detail`).
    public var geometry: DetailGeometry
    /// The clock, for relative dates.
    public var now: Double
    public var keyMap: KeyMap

    public init(theme: Theme, state: AppState, geometry: DetailGeometry, now: Double, keyMap: KeyMap = .default) {
        self.theme = theme
        self.state = state
        self.geometry = geometry
        self.now = now
        self.keyMap = keyMap
    }

    /// The content as styled lines, wrapped to `width`.
    /// `titleShown`: the title line above shows the whole title, so the
    /// content does not say it again.
    func lines(for row: RowModel, width: Int, now: Double, load: DetailLoad? = nil,
               keyMap: KeyMap = .default, titleShown: Bool = false) -> [(String, Style)] {
        var out: [(String, Style)] = []
        if !titleShown {
            for line in TextFit.wrap(row.title, width: width) { out.append((line, theme.accent)) }
        }
        if !row.subtitle.isEmpty {
            for line in TextFit.wrap(row.subtitle, width: width) { out.append((line, theme.dim)) }
        }
        if !out.isEmpty { out.append(("", theme.normal)) }
        // A detail that loads its own: what is on its way, or why it is not.
        switch load {
        case .loading?:
            out += [("loading the detail…", theme.dim), ("", theme.normal)]
        case .failed(let message)?:
            let retry = Hint([Hint.key(.refresh, " · %k to retry", on: .detail)]).text(in: keyMap)
            for line in TextFit.wrap("✗ " + Sanitizer.clean(message, limit: 300) + retry, width: width) {
                out.append((line, theme.error))
            }
            out.append(("", theme.normal))
        case nil:
            break
        }
        let names = row.fieldOrder.filter { $0 != "title" && $0 != "subtitle" }
        // The row's link, where no field shows it already.
        let link = row.linkURL.flatMap { url in names.contains { row.text($0, now: now) == url } ? nil : url }
        let labels = names + (link == nil ? [] : ["link"])
        let labelWidth = min(14, labels.map { DisplayWidth.of($0) }.max() ?? 0)
        let valueWidth = max(8, width - labelWidth - 2)
        for (name, value) in names.map({ ($0, row.text($0, now: now)) }) + (link.map { [("link", $0)] } ?? []) {
            let wrapped = Self.paragraphs(value.isEmpty ? "—" : value, width: valueWidth)
            for (i, line) in wrapped.enumerated() {
                let label = i == 0 ? TextFit.truncate(name, to: labelWidth) : ""
                let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label)))
                out.append((label + pad + "  " + line, theme.normal))
            }
        }
        return out
    }

    /// `text` wrapped to `width`, its own line breaks kept: each line
    /// wrapped on its own, a blank line (between paragraphs) kept blank.
    static func paragraphs(_ text: String, width: Int) -> [String] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        // Trailing line breaks end the text; they add no blank lines.
        let last = lines.lastIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0
        return lines[...last].flatMap { line in
            line.allSatisfy(\.isWhitespace) ? [""] : TextFit.wrap(String(line), width: width)
        }
    }

    /// Draws `detail` in `area` (the screen from its title row to its
    /// status row), each part where `geometry` puts it.
    public func render(_ detail: DetailState, in area: Rect, into grid: inout CellGrid) {
        let row = detail.row
        grid.fill(x: area.x, y: geometry.titleRow, count: area.width, style: theme.header)
        let star = state.isFavorite(row.id, endpoint: detail.endpointKey) ? "★ " : ""
        let heading = " ‹ " + star + row.title
        grid.put(heading, x: area.x, y: geometry.titleRow, maxWidth: area.width, style: theme.header)
        let titleShown = DisplayWidth.of(Sanitizer.clean(heading)) < area.width && !row.title.contains(where: \.isNewline)
        let text = geometry.text
        // The picture comes first (as blank lines here, painted below), then the text.
        let box = geometry.picture
        let pictureRows = row.imageURL == nil ? 0 : box.rows + 1
        let content = Array(repeating: ("", theme.normal), count: pictureRows)
            + lines(for: row, width: area.width - 2, now: now, load: detail.load, keyMap: keyMap, titleShown: titleShown)
        let scroll = min(detail.scroll, max(0, content.count - text.height))
        for i in 0..<text.height where scroll + i < content.count {
            let (line, style) = content[scroll + i]
            grid.put(line, x: text.x, y: text.y + i, maxWidth: text.width, style: style)
        }
        if let url = row.imageURL, scroll < box.rows {
            // Paint the picture into a scratch grid and copy its visible rows.
            var picture = CellGrid(width: box.columns, height: box.rows)
            let whole = Rect(x: 0, y: 0, width: box.columns, height: box.rows)
            if let thumbnail = state.thumbnails[ImageRequest(url: url, columns: box.columns, rows: box.rows)] {
                // A picture in pixels only whole (placeholder cells can be cut like text).
                let shownWhole = scroll == 0 && box.rows <= text.height
                ThumbnailPainter(theme: theme,
                                 pixels: shownWhole || thumbnail.pixels.map { GridPicture.isPlaceholder($0) } == true)
                    .render(thumbnail, in: whole, into: &picture)
            } else {
                ImagePlaceholderView(theme: theme, frame: theme.dim)
                    .render(state.imagePhase(ofURL: url), in: whole, into: &picture)
            }
            let x0 = geometry.pictureX
            for line in scroll..<box.rows where line - scroll < text.height {
                grid.copyRow(from: picture, row: line, toX: x0, y: text.y + line - scroll)
            }
            grid.place(picture.pictures, dx: x0, dy: text.y - scroll)
        }
        if let strip = detail.strip, let shape = geometry.strip {
            renderStrip(strip, shape: shape, in: area, into: &grid)
        }
        grid.fill(x: area.x, y: geometry.statusRow, count: area.width, style: theme.status)
        let position = content.count > text.height
            ? " · \(scroll + 1)-\(min(content.count, scroll + text.height))/\(content.count)" : ""
        // Only when the strip is on screen (a short terminal leaves it out).
        var hints: [Hint.Part] = [Hint.key(.back, " · %k back", on: .detail),
                                  .keys([.moveDown, .moveUp], on: .detail, phrase: " · %k scroll")]
        if geometry.strip != nil {
            hints += [.keys([.moveLeft, .moveRight], on: .detail, phrase: " · %k related"),
                      Hint.key(.openRelated, " · %k open", on: .detail)]
        }
        grid.put(" \(detail.endpointKey) · item \(detail.rowID)\(position)" + Hint(hints).text(in: keyMap),
                 x: area.x, y: geometry.statusRow, style: theme.status)
    }

    /// The related strip: its title line (with how many are loaded), then
    /// the visible cards; or one line for loading, empty and failed.
    func renderStrip(_ strip: RelatedStrip, shape: StripGeometry, in area: Rect, into grid: inout CellGrid) {
        let list = strip.list
        let count = list.totalCount.map { "\(list.rows.count)/\($0)" } ?? "\(list.rows.count)"
        let loading = list.inFlight != nil ? " · loading…" : ""
        grid.fill(x: area.x, y: shape.titleRow, count: area.width, style: theme.header)
        grid.put(" \(strip.title) · \(count)\(loading)", x: area.x, y: shape.titleRow, maxWidth: area.width, style: theme.header)
        let y = shape.titleRow + 1
        if list.rows.isEmpty {
            let line: (String, Style)
            switch list.phase {
            case .failed(let message):
                line = ("✗ related items failed: \(message)"
                        + Hint([Hint.key(.moveRight, " · %k to retry", on: .detail)]).text(in: keyMap), theme.error)
            case .firstLoad, .refreshing, .loadingMore:
                line = ("Loading related items…", theme.dim)
            default:
                line = ("No related items", theme.dim)
            }
            grid.put(line.0, x: area.x + 1, y: y + 1, maxWidth: area.width - 2, style: line.1)
            return
        }
        for index in shape.visible {
            guard let rect = shape.rect(of: index) else { continue }
            let row = list.rows[index]
            CardView(theme: theme, now: now, thumbnails: state.thumbnails)
                .render(.init(row, selected: index == list.selection, phase: state.imagePhase(of: row)), in: rect,
                        into: &grid)
        }
    }
}
