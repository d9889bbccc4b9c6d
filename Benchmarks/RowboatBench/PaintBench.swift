#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatCore
import RowboatDemo
import RowboatImages
import RowboatTerminal

/// A full grid of thumbnails painted through tmux (200x50): our renderer and
/// ncurses backend drawing the frame from a blank screen, against writing
/// the very bytes that paint produced (captured with `pipe-pane`) to the
/// same pane, like `cat`. Both sides time themselves in-process from the
/// first byte to the last `write` returning; output far larger than the pty
/// buffer means that time is mostly tmux reading and parsing it.
enum PaintBench {
    static let columns = 200, rows = 50
    /// Paints per child process; the parent alternates children.
    static let paintsPerChild = 11

    // MARK: parent

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
        // This binary as it is now (a rebuild may replace the file meanwhile).
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        func runChild(_ mode: String, capture: Bool) -> [Double]? {
            let out = dir + "/\(mode).times"
            for name in ["ready", "go", "painted", "continue", "\(mode).times"] { unlink(dir + "/" + name) }
            let command = "env TERM=tmux-256color LANG=C.UTF-8 \(me) --child '\(mode) \(dir) \(capture ? 1 : 0)'"
            _ = SystemBench.shell("\(tmux) respawn-pane -k -t paint \(SystemBench.quoted(command)) ", capture: false)
            if capture {
                // Log exactly the first paint's bytes: the pipe opens after
                // the child's start-up output and closes once it has painted.
                guard waitFor(dir + "/ready") else { return nil }
                Thread.sleep(forTimeInterval: 0.2)
                _ = SystemBench.shell("\(tmux) pipe-pane -t paint 'cat > \(dir)/frame.bytes'", capture: false)
                Thread.sleep(forTimeInterval: 0.2)
                FileManager.default.createFile(atPath: dir + "/go", contents: nil)
                guard waitFor(dir + "/painted") else { return nil }
                Thread.sleep(forTimeInterval: 0.3)
                _ = SystemBench.shell("\(tmux) pipe-pane -t paint", capture: false)
                FileManager.default.createFile(atPath: dir + "/continue", contents: nil)
            }
            guard waitFor(out, timeout: 60),
                  let text = try? String(contentsOfFile: out, encoding: .utf8) else { return nil }
            return text.split(separator: "\n").compactMap { Double($0) }
        }
        guard let first = runChild("paint-ours", capture: true),
              let bytes = FileManager.default.contents(atPath: dir + "/frame.bytes"), bytes.count > 1000 else {
            return [BenchResult(name: "paint", unit: "thumbnail grid 200x50 through tmux", ours: .nan, reference: nil,
                                referenceName: "cat of the same bytes", target: 1.2,
                                note: "could not run the paint child in tmux")]
        }
        var ours = first, reference: [Double] = []
        var renderShare: [Double] = []
        func readRender() {
            let text = (try? String(contentsOfFile: dir + "/paint-ours.render", encoding: .utf8)) ?? ""
            renderShare += text.split(separator: "\n").compactMap { Double($0) }
        }
        readRender()
        let rounds = max(3, (reps + paintsPerChild - 1) / paintsPerChild)
        for round in 0..<rounds {
            let order = round % 2 == 0 ? ["paint-cat", "paint-ours"] : ["paint-ours", "paint-cat"]
            for mode in order {
                guard let times = runChild(mode, capture: false) else { continue }
                if mode == "paint-cat" { reference += times } else { ours += times; readRender() }
            }
        }
        return [BenchResult(name: "paint", unit: "thumbnail grid 200x50 through tmux", ours: Bench.median(ours),
                            reference: reference.isEmpty ? nil : Bench.median(reference),
                            referenceName: "cat of the same bytes", target: 1.2,
                            note: String(format: "%.0f KB per paint, of which rendering the cell grid %@; %d + %d paints",
                                         Double(bytes.count) / 1024, Bench.time(Bench.median(renderShare)),
                                         ours.count, reference.count))]
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

    /// `paint-ours DIR CAPTURE`: the grid state with thumbnails is built
    /// first (not timed); then each paint clears to a blank frame, settles,
    /// and times render + draw of the full grid.
    static func childOurs(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return 2 }
        let dir = arguments[0], capture = arguments[1] == "1"
        let state = gridState()
        let renderer = AppRenderer()
        let screen = NCursesScreen(theme: .default)
        screen.mouseEnabled = false
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
        screen.stop()
        _ = writeTimes(renderTimes, to: dir + "/paint-ours.render")
        return writeTimes(times, to: dir + "/paint-ours.times")
    }

    /// `paint-cat DIR 0`: writes the captured bytes to the terminal the way
    /// `cat` would, after clearing the screen and settling, timing each.
    static func childCat(_ arguments: [String]) -> Int32 {
        guard let dir = arguments.first,
              let bytes = FileManager.default.contents(atPath: dir + "/frame.bytes").map(Array.init) else { return 2 }
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
    /// images (as the demo server draws them) rendered in 240 colours.
    static func gridState() -> AppState {
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
        let maker = ThumbnailMaker(renderer: ThumbnailRenderer(colors: .indexed240))
        for i in 1...min(60, grid.visibleItems * 2) {
            guard let image = try? DemoImage.render(DemoImageSpec(id: i)),
                  let thumbnail = try? maker.thumbnail(from: image.bytes, columns: size.columns, rows: size.rows) else {
                continue
            }
            let request = ImageRequest(url: "http://127.0.0.1:1/images/\(i).png", columns: size.columns, rows: size.rows)
            _ = AppReducer.reduce(&state, .image(request, .loaded(thumbnail)))
        }
        return state
    }
}
