#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatCore
import RowboatSpec
import RowboatDemo
import RowboatImages
import RowboatTerminal
import RowboatViews
import RowboatCells

/// A full grid of thumbnails painted through tmux (200x50): our renderer and
/// ncurses backend drawing the frame from a blank screen, against writing
/// the very bytes that paint produced (captured with `pipe-pane`) to the
/// same pane, like `cat`. Both sides time themselves in-process from the
/// first byte to the last `write` returning; output far larger than the pty
/// buffer means that time is mostly tmux reading and parsing it. Done twice:
/// thumbnails as symbol cells (`paint`), and in pixels as sixels written
/// after the frame (`paint-pixels`), whose child then also times each card
/// from its downloaded bytes to its picture written (`paint-pixels-card`).
enum PaintBench {
    static let columns = 200, rows = 50
    /// Paints per child process; the parent alternates children.
    static let paintsPerChild = 11

    // MARK: parent

    /// The two ways thumbnails are painted: the child mode that paints and
    /// what its row is called.
    enum Kind: String, CaseIterable {
        case symbols = "paint-ours"
        case pixels = "paint-pixels"

        var row: (name: String, unit: String) {
            switch self {
            case .symbols: ("paint", "thumbnail grid 200x50 through tmux")
            case .pixels: ("paint-pixels", "sixel thumbnail grid 200x50 through tmux")
            }
        }
    }

    static func run(reps: Int) -> [BenchResult] {
        let socket = "rowboat-bench-paint-\(getpid())"
        let dir = NSTemporaryDirectory() + socket
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let tmux = "tmux -L \(socket) -f /dev/null"
        defer {
            _ = SystemBench.shell("\(tmux) kill-server")
            try? FileManager.default.removeItem(atPath: dir)
        }
        _ = SystemBench.shell("\(tmux) new-session -d -x \(columns) -y \(rows) -s paint 'exec sleep 600'", capture: false)
        // Keep the pane (and the server) when a child exits: the next one respawns it.
        _ = SystemBench.shell("\(tmux) set-option -g remain-on-exit on", capture: false)
        var results = Kind.allCases.map { measure($0, reps: reps, dir: dir, tmux: tmux) }
        let cards = readTimes(dir + "/paint-pixels.cards")
        results.append(BenchResult(name: "paint-pixels-card", unit: "one card: downloaded bytes to its sixel written",
                                   ours: cards.isEmpty ? .nan : Bench.median(cards), reference: nil,
                                   referenceName: "—", target: nil,
                                   note: cards.isEmpty ? "could not run the paint child in tmux"
                                       : String(format: "decode, symbols and sixel, frame, write; p90 %@; %d cards",
                                                Bench.time(percentile(cards, 0.9)), cards.count)))
        return results
    }

    /// One row: the first child's first paint is captured (the bytes `cat`
    /// writes), then children of ours and of `cat` alternate.
    static func measure(_ kind: Kind, reps: Int, dir: String, tmux: String) -> BenchResult {
        // This binary as it is now (a rebuild may replace the file meanwhile).
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let ours = kind.rawValue, frame = dir + "/\(ours).bytes"
        func runChild(_ mode: String, capture: Bool) -> [Double]? {
            let out = dir + "/\(mode).times"
            for name in ["ready", "go", "painted", "continue", "\(mode).times"] { unlink(dir + "/" + name) }
            let command = "env -u TMUX TERM=tmux-256color LANG=C.UTF-8 \(me) --child '\(mode) \(dir) \(capture ? 1 : 0) \(ours)'"
            _ = SystemBench.shell("\(tmux) respawn-pane -k -t paint \(SystemBench.quoted(command)) ", capture: false)
            if capture {
                // Log exactly the first paint's bytes: the pipe opens after
                // the child's start-up output and closes once it has painted.
                guard waitFor(dir + "/ready") else { return nil }
                Thread.sleep(forTimeInterval: 0.2)
                _ = SystemBench.shell("\(tmux) pipe-pane -t paint 'cat > \(frame)'", capture: false)
                Thread.sleep(forTimeInterval: 0.2)
                FileManager.default.createFile(atPath: dir + "/go", contents: nil)
                guard waitFor(dir + "/painted") else { return nil }
                Thread.sleep(forTimeInterval: 0.3)
                _ = SystemBench.shell("\(tmux) pipe-pane -t paint", capture: false)
                FileManager.default.createFile(atPath: dir + "/continue", contents: nil)
            }
            guard waitFor(out, timeout: 60) else { return nil }
            return readTimes(out)
        }
        let row = kind.row
        guard let first = runChild(ours, capture: true),
              let bytes = FileManager.default.contents(atPath: frame), bytes.count > 1000 else {
            return BenchResult(name: row.name, unit: row.unit, ours: .nan, reference: nil,
                               referenceName: "cat of the same bytes", target: 1.2,
                               note: "could not run the paint child in tmux")
        }
        var times = first, reference: [Double] = [], library: [Double] = []
        var renderShare = readTimes(dir + "/\(ours).render")
        let rounds = max(3, (reps + paintsPerChild - 1) / paintsPerChild)
        // Symbols only: ncurses's own paint of the same cells (the library's figure).
        let others = kind == .symbols ? ["paint-cat", "paint-ncurses"] : ["paint-cat"]
        for round in 0..<rounds {
            let order = round % 2 == 0 ? others + [ours] : [ours] + others
            for mode in order {
                guard let sample = runChild(mode, capture: false) else { continue }
                switch mode {
                case "paint-cat": reference += sample
                case "paint-ncurses": library += sample
                default:
                    times += sample
                    renderShare += readTimes(dir + "/\(ours).render")
                }
            }
        }
        let libraryNote = library.isEmpty ? ""
            : String(format: "; ncurses alone on the same cells (ref_render.c) %@", Bench.time(Bench.median(library)))
        return BenchResult(name: row.name, unit: row.unit, ours: Bench.median(times),
                           reference: reference.isEmpty ? nil : Bench.median(reference),
                           referenceName: "cat of the same bytes", target: 1.2,
                           note: String(format: "%.0f KB per paint, of which rendering the cell grid %@; %d + %d paints",
                                        Double(bytes.count) / 1024, Bench.time(Bench.median(renderShare)),
                                        times.count, reference.count) + libraryNote)
    }

    static func readTimes(_ path: String) -> [Double] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Double($0) }
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    static func waitFor(_ path: String, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if access(path, F_OK) == 0 { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    // MARK: children (run inside the tmux pane)

    /// `paint-ours DIR CAPTURE` (symbols) or `paint-pixels DIR CAPTURE`
    /// (sixels, written as to a terminal outside tmux): the grid state with
    /// thumbnails is built first (not timed); then each paint clears to a
    /// blank frame, settles, and times render + draw of the full grid. The
    /// pixel child then times each visible card from its downloaded bytes:
    /// decode and render (symbols and sixel), the reducer, the frame, the
    /// draw that writes its picture.
    static func childOurs(_ arguments: [String], pixels: Bool) -> Int32 {
        guard arguments.count >= 2 else { return 2 }
        let dir = arguments[0], capture = arguments[1] == "1", name = pixels ? "paint-pixels" : "paint-ours"
        let format = pixels ? PixelFormat(proto: .sixel, cellWidth: 10, cellHeight: 20) : nil
        let (state, downloads) = gridState(pixels: format)
        let renderer = AppRenderer()
        let screen = NCursesScreen(theme: .default)
        screen.mouseEnabled = false
        screen.imageMode = pixels ? .sixel : .symbols
        do { try screen.start(wake: WakePipe()) } catch { return 1 }
        let blank = CellGrid(width: columns, height: rows)
        var times: [Double] = [], renderTimes: [Double] = []
        for paint in 0..<paintsPerChild {
            screen.draw(blank)
            Thread.sleep(forTimeInterval: 0.05)
            if paint == 0 && capture {
                FileManager.default.createFile(atPath: dir + "/ready", contents: nil)
                guard waitFor(dir + "/go") else { break }
            }
            let start = Bench.now()
            let grid = renderer.render(state, now: 0)
            let rendered = Bench.now()
            screen.draw(grid)
            times.append(Double(Bench.now() - start) / 1e9)
            renderTimes.append(Double(rendered - start) / 1e9)
            if paint == 0 && capture {
                FileManager.default.createFile(atPath: dir + "/painted", contents: nil)
                guard waitFor(dir + "/continue") else { break }
            }
        }
        if let format, !capture {
            let cards = cardTimes(state, downloads, format: format, renderer: renderer, screen: screen)
            var all = readTimes(dir + "/\(name).cards")
            all += cards
            _ = writeTimes(all, to: dir + "/\(name).cards")
        }
        screen.stop()
        _ = writeTimes(renderTimes, to: dir + "/\(name).render")
        return writeTimes(times, to: dir + "/\(name).times")
    }

    /// Per visible card: its picture taken away (not timed), then from its
    /// downloaded bytes to `draw` returning with the new picture written.
    static func cardTimes(_ full: AppState, _ downloads: [(ImageRequest, [UInt8])], format: PixelFormat,
                          renderer: AppRenderer, screen: NCursesScreen) -> [Double] {
        let maker = ThumbnailMaker(renderer: ThumbnailRenderer(colors: .indexed240, pixels: format))
        let visible = ScreenLayout.of(full).grid.visibleItems
        var times: [Double] = []
        for (request, bytes) in downloads.prefix(visible) {
            var state = full
            state.thumbnails[request] = nil
            state.images[request.url] = .downloading
            screen.draw(renderer.render(state, now: 0))
            let start = Bench.now()
            guard let thumbnail = try? maker.thumbnail(from: bytes, columns: request.columns, rows: request.rows) else { continue }
            _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail)))
            screen.draw(renderer.render(state, now: 0))
            times.append(Double(Bench.now() - start) / 1e9)
        }
        return times
    }

    /// `paint-cat DIR 0 SOURCE`: writes the bytes captured from SOURCE's
    /// paint to the terminal the way `cat` would, after clearing the screen
    /// and settling, timing each.
    static func childCat(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3,
              let bytes = FileManager.default.contents(atPath: arguments[0] + "/\(arguments[2]).bytes").map(Array.init) else {
            return 2
        }
        let dir = arguments[0]
        var times: [Double] = []
        for _ in 0..<paintsPerChild {
            writeAll(Array("\u{1B}[H\u{1B}[2J".utf8))
            Thread.sleep(forTimeInterval: 0.05)
            let start = Bench.now()
            writeAll(bytes)
            times.append(Double(Bench.now() - start) / 1e9)
        }
        writeAll(Array("\u{1B}[H\u{1B}[2J".utf8))
        return writeTimes(times, to: dir + "/paint-cat.times")
    }

    static func writeAll(_ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, min($0.count, 65_536)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }

    static func writeTimes(_ times: [Double], to path: String) -> Int32 {
        let text = times.map { String($0) }.joined(separator: "\n") + "\n"
        // Written whole, then renamed: the parent never reads half a file.
        guard FileManager.default.createFile(atPath: path + ".tmp", contents: Data(text.utf8)),
              rename(path + ".tmp", path) == 0 else { return 1 }
        return 0
    }

    /// A 200x50 grid whose visible cards all have their thumbnails: demo
    /// images (as the demo server draws them) rendered in 240 colours, and
    /// in pixels with `pixels`; with each card's request and image bytes.
    static func gridState(pixels: PixelFormat? = nil) -> (AppState, [(ImageRequest, [UInt8])]) {
        var state = AppState(endpointKey: "items", columns: [
            ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 12)),
            ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
        ], list: ListState(paging: Paging(style: .pageNumber(param: "page", first: 1))),
           size: TerminalSize(columns: columns, rows: rows))
        state.showsImageBadges = true
        _ = AppReducer.reduce(&state, .list(.appeared))
        let items = (1...60).map { i in
            RowModel(id: String(i), title: "Item \(i) with a longer title", subtitle: "Subtitle \(i)",
                     imageURL: "http://127.0.0.1:1/images/\(i).png",
                     fields: ["title": .text("Item \(i)"), "price": .text("\(i).99")], fieldOrder: ["title", "price"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: items, totalPages: 1, fetchedAt: 0))))
        _ = AppReducer.reduce(&state, .toggleView)
        let grid = ScreenLayout.of(state).grid
        let size = (columns: grid.cardWidth, rows: GridLayout.thumbnailRows)
        let maker = ThumbnailMaker(renderer: ThumbnailRenderer(colors: .indexed240, pixels: pixels))
        var downloads: [(ImageRequest, [UInt8])] = []
        for i in 1...min(60, grid.visibleItems * 2) {
            guard let image = try? DemoImage.render(DemoImageSpec(id: i)),
                  let thumbnail = try? maker.thumbnail(from: image.bytes, columns: size.columns, rows: size.rows) else {
                continue
            }
            let request = ImageRequest(url: "http://127.0.0.1:1/images/\(i).png", columns: size.columns, rows: size.rows)
            _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail)))
            downloads.append((request, image.bytes))
        }
        return (state, downloads)
    }
}
