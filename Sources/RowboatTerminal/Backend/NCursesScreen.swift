#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import RowboatCore
import RowboatSpec

/// The only place that talks to ncurses. It owns the terminal between
/// `start()` and `stop()`, copies cell grids to the screen (only cells that
/// changed since the last frame, then one `doupdate`) and reads keys.
/// All calls must come from one thread.
public final class NCursesScreen {
    /// Why the terminal could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    private var previous: CellGrid?
    /// Colour pairs by packed (foreground, background): see `pairKey`.
    private var pairs: [UInt64: Int32] = [:]
    private var colors = false
    /// True on a direct-colour terminal (terminfo colors ≥ 2^24, e.g.
    /// TERM=xterm-direct): colour numbers are 0xRRGGBB there.
    public private(set) var directColor = false
    /// How many colours the terminal shows (0 without colour).
    public private(set) var colorCount = 0
    public private(set) var theme: Theme
    /// Report mouse clicks and the wheel (set before `start`).
    public var mouseEnabled = true
    public private(set) var size = TerminalSize(columns: 80, rows: 24)
    private var started = false
    /// How thumbnails should be drawn (set before `start`): `auto` asks the
    /// terminal; the default leaves it alone and draws symbols.
    public var imageMode: ImageMode = .symbols
    /// What `start` chose for thumbnails (see `TerminalGraphics`).
    public internal(set) var graphics = TerminalGraphics(choice: .symbols, reason: "symbols")
    let pictures = PictureWriter()
    /// Drops start-up answers that arrive after the probe gave up.
    var lateAnswers = LateAnswerFilter(awaiting: false)

    public init(theme: Theme = .default) {
        self.theme = theme
    }

    /// Takes over the terminal; `wake` receives SIGWINCH/SIGINT/SIGTERM/SIGHUP.
    public func start(wake: WakePipe) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw StartError(description: "stdin and stdout must be a terminal for the browser (try rowboat fetch for plain output)")
        }
        setlocale(LC_ALL, "")
        TerminalGuard.saveSettings()
        let answers = askForGraphics()
        // newterm (unlike initscr) reports an unusable terminal instead of exiting.
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty, let screen = rb_newterm() else {
            throw StartError(description: "cannot use terminal type \"\(Sanitizer.clean(term, limit: 40))\" (set TERM, e.g. TERM=xterm-256color)")
        }
        guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1, Int(bitPattern: cup) != 0 else {
            endwin()
            delscreen(screen)
            throw StartError(description: "terminal type \"\(Sanitizer.clean(term, limit: 40))\" cannot move the cursor; rowboat needs a full-screen terminal (try rowboat fetch for plain output)")
        }
        started = true
        TerminalGuard.arm()
        cbreak()
        noecho()
        nonl()
        intrflush(rb_stdscr(), false)
        keypad(rb_stdscr(), true)
        nodelay(rb_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if mouseEnabled { _ = rb_mouse_enable() }
        if Theme.colorsAllowed(noColor: getenv("NO_COLOR").map { String(cString: $0) }, hasColors: has_colors()) {
            start_color()
            use_default_colors()
            colors = true
            colorCount = Int(rb_colors())
            directColor = colorCount >= 1 << 24
        } else {
            theme = .monochrome
        }
        chooseGraphics(answers)
        // Answers that missed the probe's deadline would come in as keys.
        lateAnswers = LateAnswerFilter(awaiting: answers?.answers.map { !$0.complete } ?? false)
        SignalRelay.install(writingTo: wake.writeFD)
        size = TerminalSize(columns: Int(rb_cols()), rows: Int(rb_lines()))
        previous = nil
    }

    /// Gives the terminal back exactly as it was.
    public func stop() {
        guard started else { return }
        started = false
        SignalRelay.uninstall()
        clearPictures()
        curs_set(1)
        endwin()
        TerminalGuard.restoreRaw()
        TerminalGuard.disarm()
    }

    /// Re-reads the window size after SIGWINCH and resizes ncurses' screens.
    public func refreshSize() -> TerminalSize {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        }
        size = TerminalSize(columns: Int(rb_cols()), rows: Int(rb_lines()))
        previous = nil
        return size
    }

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
        for y in 0..<h {
            var x = 0
            while x < w {
                let cell = grid[x, y]
                if !full, let prev = previous, prev[x, y] == cell,
                   cell.width != 2 || (x + 1 < w && prev[x + 1, y] == grid[x + 1, y]) {
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
    private func write(_ cell: Cell, x: Int, y: Int, limit: Int) -> Int {
        let want = Int(cell.width)
        var pair = pairNumber(for: cell.style)
        let attrs = attributes(cell.style.attributes)
        // Most cells are one scalar of our width: no arrays.
        let view = cell.text.unicodeScalars
        if want == 1, let base = view.first, view.index(after: view.startIndex) == view.endIndex {
            let wide = wchar_t(bitPattern: base.value)
            if rb_wcwidth(wide) == 1 {
                var chars: (wchar_t, wchar_t) = (wide, 0)
                var cc = cchar_t()
                withUnsafePointer(to: &chars) { pointer in
                    pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { _ = setcchar(&cc, $0, attrs, 0, &pair) }
                }
                mvadd_wch(Int32(y), Int32(x), &cc)
                return 1
            }
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

    private func attributes(_ a: Style.Attributes) -> attr_t {
        var out = rb_attr_normal()
        if a.contains(.bold) { out |= rb_attr_bold() }
        if a.contains(.reverse) { out |= rb_attr_reverse() }
        if a.contains(.underline) { out |= rb_attr_underline() }
        if a.contains(.dim) { out |= rb_attr_dim() }
        return out
    }

    private func pairNumber(for style: Style) -> Int32 {
        guard colors else { return 0 }
        if style.foreground == .default && style.background == .default { return 0 }
        let key = Self.pairKey(style.foreground) << 32 | Self.pairKey(style.background)
        if let p = pairs[key] { return p }
        let p = alloc_pair(colorNumber(style.foreground), colorNumber(style.background))
        let pair = p < 0 ? 0 : p
        pairs[key] = pair
        return pair
    }

    /// A colour as 32 bits, distinct for every colour: the kind in bits
    /// 24...25, the index or RGB below. Cheaper to hash than `Style`.
    static func pairKey(_ color: Style.Color) -> UInt64 {
        switch color {
        case .default: 0
        case .indexed(let i): 1 << 24 | UInt64(i)
        case .rgb(let rgb): 2 << 24 | UInt64(rgb & 0xFF_FFFF)
        }
    }

    /// ncurses' number for a colour. Direct colour: 0...7 are the theme's
    /// colours and the rest 0xRRGGBB, so other palette colours go as their
    /// RGB and RGB values that small are nudged (green + 1) out of the way.
    /// Palette terminals get RGB as the nearest palette colour.
    private func colorNumber(_ color: Style.Color) -> Int32 {
        Self.colorNumber(color, colors: Int(rb_colors()), direct: directColor)
    }

    /// The ncurses colour number for `color` on a terminal of `colors`
    /// colours (`direct`: 24-bit, numbers are RGB); -1 is the default.
    /// Pure, so the render benchmark's C reference draws the same numbers.
    public static func colorNumber(_ color: Style.Color, colors: Int, direct: Bool) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let i) where direct:
            return i < 8 ? Int32(i) : directNumber(XtermPalette.rgb(i))
        case .rgb(let rgb) where direct:
            return directNumber(rgb)
        case .indexed(let i):
            return Int(i) < colors ? Int32(i) : colorNumber(.rgb(XtermPalette.rgb(i)), colors: colors, direct: false)
        case .rgb(let rgb) where colors < 256:
            // 8 or 16 colours: the nearest of those (a palette number taken
            // modulo 8 drew the status bar's grey on grey as blue on blue).
            return Int32(XtermPalette.nearestSystem(rgb, count: colors))
        case .rgb(let rgb):
            return Int32(XtermPalette.nearest(rgb))
        }
    }

    static func directNumber(_ rgb: UInt32) -> Int32 {
        Int32(bitPattern: rgb < 0x100 ? rgb | 0x100 : rgb & 0xFF_FFFF)
    }

    /// Every key waiting in the input buffer.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        while keys.count < 512 {
            var ch: wint_t = 0
            let r = get_wch(&ch)
            if r == ERR { break }
            if r == rb_key_code_yes() {
                if Int32(ch) == rb_key_mouse() {
                    var x: Int32 = 0, y: Int32 = 0
                    switch rb_mouse_read(&x, &y) {
                    case 1: keys.append(.mouse(MouseEvent(.click, x: Int(x), y: Int(y))))
                    case 2: keys.append(.mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y))))
                    case 3: keys.append(.mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y))))
                    default: break
                    }
                } else if let k = Self.special(Int32(ch)) {
                    keys.append(k)
                }
            } else if let k = Self.character(UInt32(ch)) {
                keys.append(k)
            }
        }
        return lateAnswers.filter(keys)
    }

    static func special(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_BTAB: .backTab
        case KEY_F0 + 1...KEY_F0 + 12: .function(Int(code - KEY_F0))
        default: nil
        }
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 0..<32: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
