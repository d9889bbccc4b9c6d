#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import RowboatSpec
import RowboatCells

/// Copying a cell grid to the screen: only the cells that changed since the
/// last frame, each checked against libc's idea of its width, then one
/// `doupdate`.
extension NCursesScreen {
    /// Draws `grid`: only changed cells are written, then one `doupdate`.
    public func draw(_ grid: CellGrid) {
        var full = previous == nil || previous!.width != grid.width || previous!.height != grid.height
        if colors && pairs.count > Int(rb_color_pairs()) / 2 {
            // Thumbnails in many colours use up the pair table over time:
            // start it afresh and repaint everything with the new pairs.
            reset_color_pairs()
            pairs.removeAll(keepingCapacity: true)
            clearok(rb_stdscr(), true)
            full = true
        }
        if full { erase() }
        let w = min(grid.width, Int(rb_cols())), h = min(grid.height, Int(rb_lines()))
        var changedRows = pictureRowsToRepaint(grid, full: full, height: h)
        // The last frame's cells, read once: not the stored property per cell.
        let now = grid.cells, last = full ? [] : previous?.cells ?? []
        for y in 0..<h {
            var x = 0
            let row = y * grid.width
            while x < w {
                let cell = now[row + x]
                if !last.isEmpty, last[row + x] == cell,
                   cell.width != 2 || (x + 1 < w && last[row + x + 1] == now[row + x + 1]) {
                    x += 1
                    continue
                }
                if cell.width == 0 { x += 1; continue }
                changedRows[y] = true
                x += write(cell, x: x, y: y, limit: w)
            }
        }
        previous = grid
        wnoutrefresh(rb_stdscr())
        doupdate()
        writePictures(grid, changedRows: changedRows, full: full)
    }

    /// Writes one cell; returns the columns it covered.
    func write(_ cell: Cell, x: Int, y: Int, limit: Int) -> Int {
        let want = Int(cell.width)
        var pair = pairNumber(for: cell.style)
        let attrs = attributes(cell.style.attributes)
        // Most cells are one scalar of our width, drawn without arrays: a
        // printable ASCII byte (no width to ask), or one libc agrees on.
        if want == 1, let byte = cell.glyph.ascii, byte >= 0x20, byte < 0x7F {
            return writeScalar(wchar_t(byte), x: x, y: y, attrs: attrs, pair: &pair)
        }
        let view = cell.text.unicodeScalars
        if want == 1, let base = view.first, view.index(after: view.startIndex) == view.endIndex,
           rb_wcwidth(wchar_t(bitPattern: base.value)) == 1 {
            return writeScalar(wchar_t(bitPattern: base.value), x: x, y: y, attrs: attrs, pair: &pair)
        }
        var scalars = Array(view.prefix(5)).map { wchar_t(bitPattern: $0.value) }
        guard let base = scalars.first else { return 1 }
        let theirs = Int(rb_wcwidth(base))
        var covered = want
        if theirs != want || want == 2 && x + 1 >= limit {
            // ncurses/libc disagree with our measure (VS16, ZWJ, old tables) or
            // the locale cannot show it: draw a safe stand-in of our width.
            if want == 2 && theirs == 1 {
                scalars = [base]
            } else {
                scalars = [wchar_t(UInt8(ascii: "?"))]
                covered = 1
            }
        } else if scalars.count > 1 {
            // Keep only combining marks after the base; ncurses draws those.
            scalars = [base] + scalars.dropFirst().filter { rb_wcwidth($0) == 0 }
        }
        scalars.append(0)
        var cc = cchar_t()
        setcchar(&cc, scalars, attrs, 0, &pair)
        mvadd_wch(Int32(y), Int32(x), &cc)
        if covered < want || want == 2 && theirs == 1 {
            // Our width is 2 but one column was drawn: blank the second.
            var space = cchar_t()
            var spaceChars: [wchar_t] = [32, 0]
            setcchar(&space, &spaceChars, attrs, 0, &pair)
            mvadd_wch(Int32(y), Int32(x + 1), &space)
        }
        return max(1, want)
    }
}

extension NCursesScreen {
    /// Writes one scalar of width 1; returns the columns it covered (1).
    func writeScalar(_ scalar: wchar_t, x: Int, y: Int, attrs: attr_t, pair: inout Int32) -> Int {
        var chars: (wchar_t, wchar_t) = (scalar, 0)
        var cc = cchar_t()
        withUnsafePointer(to: &chars) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { _ = setcchar(&cc, $0, attrs, 0, &pair) }
        }
        mvadd_wch(Int32(y), Int32(x), &cc)
        return 1
    }

    /// The next `draw` repaints every cell from a cleared terminal (Ctrl-L:
    /// after another program or a stray write garbled what is shown).
    public func forgetDrawn() {
        previous = nil
        clearok(rb_stdscr(), true)
    }
}
