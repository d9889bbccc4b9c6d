#if canImport(Glibc)
import Glibc
#endif
import CBenchReference
import Foundation
import RowboatCore
import RowboatSpec
import RowboatTerminal
import RowboatViews
import RowboatCells

/// Frames through the real ncurses backend into a pseudo-terminal at
/// 200x50, against a plain C ncurses loop drawing the same cells: time per
/// frame and bytes per frame, in three scenarios. Each side runs in a child
/// process (`--child "render-ours|render-ref SCENARIO FRAMES"`) on its own
/// pty, drained by a reader thread. A pair of children (ours, reference)
/// is alive at once and they take turns frame by frame, the order swapped
/// every frame, so both sides see the same moments of a noisy machine.
enum RenderBench {
    static let scenarios = ["full", "scroll", "highlight"]
    /// Rows loaded in the list (`VirtualizeBench.state`).
    static let rowCount = 2_000
    /// Pairs of children per scenario; their frame times are pooled.
    static let rounds = 3
    /// The pty must be quiet this long after a frame before the next one.
    static let frameQuiet = 0.002

    /// What one child measured: seconds per frame, the `draw` part of each
    /// (all of it for the reference) and the bytes its pty carried per frame.
    struct Sample {
        var times: [Double] = []
        var draws: [Double] = []
        var bytesPerFrame: Double = .nan
    }

    /// Why a pair of children gave nothing.
    struct Failure: Error {
        let text: String
    }

    static func run(reps: Int) -> [BenchResult] {
        let frames = min(max(reps, 10), 1_000)
        var results: [BenchResult] = []
        for scenario in scenarios {
            var ours = Sample(bytesPerFrame: 0), reference = Sample(bytesPerFrame: 0)
            var oursBytes: [Double] = [], referenceBytes: [Double] = []
            var problems: [String] = []
            for round in 0..<rounds {
                switch measurePair(scenario: scenario, frames: frames, oursFirst: round % 2 == 0) {
                case .success(let (o, r)):
                    ours.times += o.times
                    ours.draws += o.draws
                    reference.times += r.times
                    oursBytes.append(o.bytesPerFrame)
                    referenceBytes.append(r.bytesPerFrame)
                case .failure(let failure):
                    problems.append(failure.text)
                }
            }
            func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : Bench.median(values) }
            let problem = problems.isEmpty ? "" : "PROBLEMS: " + problems.joined(separator: "; ")
            results.append(BenchResult(
                name: "render-\(scenario)", unit: "\(describe(scenario)) frame, 200x50 pty", ours: median(ours.times),
                reference: median(reference.times), referenceName: "C ncurses loop", target: 1.5,
                note: "\(ours.times.count)/\(reference.times.count) frames, \(rounds) pairs of children taking turns; "
                    + "ours = reduce + render + draw (" + Bench.time(median(ours.draws)) + " of it in NCursesScreen.draw), "
                    + "reference = draw of precomputed cells" + (problem.isEmpty ? "" : "; " + problem)))
            results.append(BenchResult(
                name: "render-\(scenario)-bytes", unit: "bytes per \(describe(scenario)) frame", ours: median(oursBytes),
                reference: median(referenceBytes), referenceName: "C ncurses loop", target: 1.2,
                note: problem, measure: "bytes-small"))
        }
        return results
    }

    static func describe(_ scenario: String) -> String {
        switch scenario {
        case "full": "page-down (full repaint)"
        case "scroll": "one-row scroll"
        default: "highlight move"
        }
    }

    /// One pair: start both children, wait for their first frames, then
    /// `frames` frames each, taking turns (the first of each turn swapped
    /// every frame), and count the bytes each pty carried meanwhile.
    static func measurePair(scenario: String, frames: Int, oursFirst: Bool) -> Result<(Sample, Sample), Failure> {
        var children: [PtyProcess] = []
        defer {
            for child in children { child.send("quit") }
            for child in children { child.finish(timeout: 5) }
        }
        for side in ["ours", "ref"] {
            do {
                children.append(try PtyProcess(
                    executable: PtyProcess.selfExecutable(), arguments: ["--child", "render-\(side) \(scenario) \(frames)"],
                    environment: PtyProcess.environment(["HOME": NSTemporaryDirectory()]), control: true))
            } catch {
                return .failure(Failure(text: "\(side): \(error)"))
            }
        }
        let names = ["ours", "ref"]
        for (name, child) in zip(names, children) {
            guard child.readLine(timeout: 30) == "ready" else {
                return .failure(Failure(text: "\(name): no first frame within 30 s (killed) \(child.diagnostics())"))
            }
        }
        for child in children { child.waitSilence(0.05, timeout: 5) }
        let before = children.map { $0.output.snapshot.bytes }
        var samples = [Sample(), Sample()]
        for index in 0..<frames {
            let order = (index % 2 == 0) == oursFirst ? [0, 1] : [1, 0]
            for side in order {
                let child = children[side]
                child.send("frame")
                let reply = child.readLine(timeout: 30)?.split(separator: " ").compactMap { Double($0) } ?? []
                guard reply.count == 2 else {
                    return .failure(Failure(text: "\(names[side]): no frame \(index) within 30 s (killed) \(child.diagnostics())"))
                }
                samples[side].times.append(reply[0] / 1e9)
                samples[side].draws.append(reply[1] / 1e9)
                child.waitSilence(frameQuiet, timeout: 1)
            }
        }
        for (side, child) in children.enumerated() {
            child.waitSilence(0.05, timeout: 5)
            samples[side].bytesPerFrame = Double(child.output.snapshot.bytes - before[side]) / Double(frames)
        }
        return .success((samples[0], samples[1]))
    }

    /// The child's side of the protocol: "ready" after the first frame,
    /// then for each "frame" one frame and its nanoseconds ("T total draw"),
    /// until "quit".
    static func serve(frames: Int, _ frame: (Int) -> (total: UInt64, draw: UInt64)) -> Int32 {
        ChildControl.send("ready")
        var index = 0
        while let line = ChildControl.receive() {
            switch line {
            case "frame" where index < frames:
                let t = frame(index)
                index += 1
                ChildControl.send("T \(t.total) \(t.draw)")
            case "quit":
                return 0
            default:
                FileHandle.standardError.write(Data("render child: unexpected \"\(line)\" at frame \(index)\n".utf8))
                return 2
            }
        }
        return 1   // the parent has gone
    }

    // MARK: Frames (both children compute the same ones)

    /// The list with the selection where `scenario` starts: the top row, the
    /// bottom row of the page (scroll) or the sixth row (highlight).
    static func initialState(_ scenario: String) -> AppState {
        var state = VirtualizeBench.state(rows: rowCount)
        let downs = scenario == "scroll" ? state.list.viewportItems - 1 : scenario == "highlight" ? 5 : 0
        for _ in 0..<downs { _ = AppReducer.reduce(&state, .list(.move(.down))) }
        return state
    }

    /// The move of frame `index`: page-down (home at the end), down (home
    /// at the end) or down and up alternately.
    static func movement(_ scenario: String, index: Int, state: AppState) -> Movement {
        let last = state.list.rows.count - 1, selection = state.list.selection
        switch scenario {
        case "full": return selection + max(1, state.list.viewportItems - 1) > last ? .home : .pageDown
        case "scroll": return selection >= last ? .home : .down
        default: return index % 2 == 0 ? .down : .up
        }
    }

    static func parse(_ arguments: [String]) -> (scenario: String, frames: Int)? {
        guard arguments.count == 2, scenarios.contains(arguments[0]), let frames = Int(arguments[1]), frames > 0 else {
            FileHandle.standardError.write(Data("render child: expected SCENARIO FRAMES, got \(arguments)\n".utf8))
            return nil
        }
        return (arguments[0], frames)
    }

    // MARK: Children

    /// `--child "render-ours SCENARIO FRAMES"`: NCursesScreen as the TUI
    /// uses it; each timed frame is reduce + render + draw.
    static func childOurs(_ arguments: [String]) -> Int32 {
        guard let (scenario, frames) = parse(arguments) else { return 2 }
        var state = initialState(scenario)
        let screen = NCursesScreen(theme: .default)
        let wake = WakePipe()
        do {
            try screen.start(wake: wake)
        } catch {
            FileHandle.standardError.write(Data("render child: \(error)\n".utf8))
            return 1
        }
        defer { screen.stop() }
        guard screen.size == state.size else {
            FileHandle.standardError.write(Data("render child: terminal is \(screen.size), want \(state.size)\n".utf8))
            return 1
        }
        let renderer = AppRenderer(theme: screen.theme)
        screen.draw(renderer.render(state, now: 0))
        return serve(frames: frames) { index in
            let start = Bench.now()
            _ = AppReducer.reduce(&state, .list(.move(movement(scenario, index: index, state: state))))
            let grid = renderer.render(state, now: 0)
            let drawStart = Bench.now()
            screen.draw(grid)
            let end = Bench.now()
            return (end - start, end - drawStart)
        }
    }

    /// `--child "render-ref SCENARIO FRAMES"`: the same frames computed up
    /// front, drawn by the C loop in CBenchReference; each timed frame is
    /// that loop only.
    static func childReference(_ arguments: [String]) -> Int32 {
        guard let (scenario, frames) = parse(arguments) else { return 2 }
        var state = initialState(scenario)
        let renderer = AppRenderer()
        var grids = [renderer.render(state, now: 0)]
        for index in 0..<frames {
            _ = AppReducer.reduce(&state, .list(.move(movement(scenario, index: index, state: state))))
            grids.append(renderer.render(state, now: 0))
        }
        guard ref_render_start() == 0 else {
            FileHandle.standardError.write(Data("render child: newterm failed\n".utf8))
            return 1
        }
        defer { ref_render_stop() }
        let colors = Int(ref_render_colors())
        let width = grids[0].width, height = grids[0].height
        guard Int(ref_render_columns()) == width, Int(ref_render_rows()) == height else {
            FileHandle.standardError.write(Data("render child: terminal is \(ref_render_columns())x\(ref_render_rows())\n".utf8))
            return 1
        }
        var cells: [ref_cell] = []
        cells.reserveCapacity(grids.count * width * height)
        for grid in grids {
            for cell in grid.cells { cells.append(referenceCell(cell, colors: colors)) }
        }
        guard ref_render_prepare(cells, Int32(width), Int32(height), Int32(grids.count)) == 0 else { return 1 }
        ref_render_frame(0)
        return serve(frames: frames) { index in
            let start = Bench.now()
            ref_render_frame(Int32(index + 1))
            let time = Bench.now() - start
            return (time, time)
        }
    }

    /// A cell as the C loop takes it: the first scalar (0 for the right
    /// half of a wide character), the colour numbers of NCursesScreen's own
    /// mapping on a palette terminal, and the attribute bits (the same bits
    /// as `Style.Attributes`).
    static func referenceCell(_ cell: Cell, colors: Int) -> ref_cell {
        func number(_ color: Style.Color) -> Int32 {
            colors > 0 ? NCursesScreen.colorNumber(color, colors: colors, direct: false) : -1
        }
        let ch = cell.width == 0 ? 0 : cell.text.unicodeScalars.first?.value ?? 32
        return ref_cell(ch: ch, fg: number(cell.style.foreground), bg: number(cell.style.background),
                        attrs: UInt32(cell.style.attributes.rawValue))
    }
}
