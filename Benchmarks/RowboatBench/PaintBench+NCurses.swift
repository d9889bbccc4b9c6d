import CBenchReference
import Foundation
import RowboatViews

extension PaintBench {
    /// `paint-ncurses DIR CAPTURE NAME`: ncurses's own paint of the very
    /// cells `paint-ours` draws (the library's figure beside ours): the
    /// grid rendered beforehand (not timed), its colour pairs allocated
    /// and attributes converted beforehand (`ref_render.c`); each paint a
    /// blank frame, 50 ms, then every cell by `setcchar` + `mvadd_wch` and
    /// one `doupdate`, timed as ours is.
    static func childNCurses(_ arguments: [String]) -> Int32 {
        guard let dir = arguments.first else { return 2 }
        let (state, _) = gridState()
        let grid = AppRenderer().render(state, now: 0)
        guard ref_render_start() == 0 else { return 1 }
        defer { ref_render_stop() }
        let colors = Int(ref_render_colors())
        guard Int(ref_render_columns()) == grid.width, Int(ref_render_rows()) == grid.height else { return 1 }
        let blank = [ref_cell](repeating: ref_cell(ch: 32, fg: -1, bg: -1, attrs: 0), count: grid.width * grid.height)
        let cells = blank + grid.cells.map { RenderBench.referenceCell($0, colors: colors) }
        guard ref_render_prepare(cells, Int32(grid.width), Int32(grid.height), 2) == 0 else { return 1 }
        var times: [Double] = []
        for _ in 0..<paintsPerChild {
            ref_render_frame(0)
            Thread.sleep(forTimeInterval: 0.05)
            let start = Bench.now()
            ref_render_frame(1)
            times.append(Double(Bench.now() - start) / 1e9)
        }
        ref_render_frame(0)
        return writeTimes(times, to: dir + "/paint-ncurses.times")
    }
}
