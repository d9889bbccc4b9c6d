#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import RowboatSpec
import RowboatCells

/// The only place that talks to ncurses. It owns the terminal between
/// `start()` and `stop()` (this file: taking it over, giving it back,
/// resizing), copies cell grids to the screen (`+Drawing`: only cells that
/// changed since the last frame, then one `doupdate`) in colour pairs
/// (`+Colors`), reads keys (`+Keys`), draws pictures in pixels
/// (`+Pictures`) and lends the terminal to another program (`+Handoff`).
/// All calls must come from one thread.
public final class NCursesScreen {
    /// Why the terminal could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    var previous: CellGrid?
    /// Colour pairs by packed (foreground, background): see `pairKey`.
    var pairs: [UInt64: Int32] = [:]
    var colors = false
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
        // The questions asked ahead (`GraphicsProbeAhead`), when they were:
        // their answers, and the settings put back as they were before them.
        let ahead = GraphicsProbeAhead.take()
        TerminalGuard.saveSettings()
        let answers = askForGraphics(ahead: ahead)
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
        writeFramesWhole()
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
        if mouseEnabled {
            _ = rb_mouse_enable()
            // SGR reports (mode 1006): any column, whatever the terminal type's kmous says
            // (its reports are read by ncurses, or by `SGRMouseReports`). Off again at exit (`TerminalGuard`).
            _ = putp("\u{1B}[?1006h")
        }
        if Theme.colorsAllowed(noColor: getenv("NO_COLOR").map { String(cString: $0) }, hasColors: has_colors()) {
            start_color()
            use_default_colors()
            colors = true
            colorCount = Int(rb_colors())
            directColor = colorCount >= 1 << 24
        } else {
            theme = theme.monochromed
        }
        chooseGraphics(answers)
        // Answers that missed the probe's deadline would come in as keys.
        let pending = ahead.map { !$0.complete } ?? answers?.answers.map { !$0.complete } ?? false
        lateAnswers = LateAnswerFilter(awaiting: pending)
        SignalRelay.install(writingTo: wake.writeFD)
        size = TerminalSize(columns: Int(rb_cols()), rows: Int(rb_lines()))
        previous = nil
    }

    /// Lets ncurses write each frame in one piece. Until a screen has been
    /// suspended and resumed once, ncurses (6.4) treats it as not yet
    /// started and flushes its output after every cursor move: a first
    /// screen went out in about 190 writes, each waking the terminal (and,
    /// on a busy machine, waiting for a core again). One `endwin` and
    /// `doupdate` before anything is drawn, the documented way back from
    /// shell mode, ends that state; what they write (the alternate screen
    /// left and entered again, nothing drawn yet) goes out in two writes.
    func writeFramesWhole() {
        endwin()
        doupdate()
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

    /// The terminal's size as the kernel has it (nil: stdout is not a
    /// terminal, or it does not say), before ncurses has started.
    public static func windowSize() -> TerminalSize? {
        var ws = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row))
    }

    /// Re-reads the window size after SIGWINCH and resizes ncurses' screens.
    public func refreshSize() -> TerminalSize {
        if let window = Self.windowSize() {
            resizeterm(Int32(window.rows), Int32(window.columns))
        }
        size = TerminalSize(columns: Int(rb_cols()), rows: Int(rb_lines()))
        previous = nil
        return size
    }
}
