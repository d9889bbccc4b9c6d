#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import Foundation
import RowboatSpec
import RowboatCells

/// Pictures in pixels: asking the terminal before ncurses starts, choosing
/// how thumbnails are drawn, and keeping pictures in step with the frames.
extension NCursesScreen {
    /// The terminal's answers, asked before ncurses takes the terminal (or
    /// `ahead`, the answers to the questions `GraphicsProbeAhead` asked);
    /// no answers when the mode needs no question (off, symbols, no
    /// colours) or tmux would not pass a picture on anyway.
    func askForGraphics(ahead: TerminalAnswers?) -> (answers: TerminalAnswers?, passthrough: Bool)? {
        let environment = ProcessInfo.processInfo.environment
        // No pictures without colours: nothing to ask.
        guard imageMode.asksTheTerminal, !theme.isMonochrome,
              Theme.colorsAllowed(noColor: environment["NO_COLOR"], hasColors: true) else { return nil }
        let inTmux = GraphicsProbe.inTmux(environment)
        let passthrough = inTmux
            && (GraphicsProbeAhead.tmuxPassthrough() ?? GraphicsProbe.tmuxAllowsPassthrough(environment: environment))
        if inTmux && !passthrough { return (nil, false) }
        if let ahead { return (ahead, passthrough) }
        return (GraphicsProbe.ask(inTmux: inTmux), passthrough)
    }

    /// Decides `graphics` once colours are known. With pictures written at
    /// cells, ncurses must not scroll lines (the pictures would move with
    /// them): it repaints instead.
    func chooseGraphics(_ asked: (answers: TerminalAnswers?, passthrough: Bool)?) {
        graphics = TerminalGraphics.choose(
            mode: imageMode, environment: ProcessInfo.processInfo.environment, answers: asked?.answers ?? nil,
            tmuxPassthrough: asked?.passthrough ?? false, colorsAllowed: !theme.isMonochrome, directColor: directColor,
            windowCell: GraphicsProbe.windowCell())
        if let format = graphics.pixels, format.proto != .kittyPlaceholders {
            idlok(rb_stdscr(), false)
        }
    }

    /// Rows whose pictures left them, made to repaint whole (marked
    /// changed); on a full frame with pictures, the whole screen is
    /// cleared so none stays behind.
    func pictureRowsToRepaint(_ grid: CellGrid, full: Bool, height: Int) -> [Bool] {
        var rows = Array(repeating: false, count: max(0, height))
        guard graphics.pixels != nil else { return rows }
        if full {
            if pictures.active { clearok(rb_stdscr(), true) }
            pictures.forgetPlacements()
            return rows
        }
        for y in pictures.rowsToRepaint(grid) where y < height {
            wredrawln(rb_stdscr(), Int32(y), 1)
            rows[y] = true
        }
        return rows
    }

    /// After `doupdate`: the pictures' bytes, then the cursor back where
    /// ncurses left it.
    func writePictures(_ grid: CellGrid, changedRows: [Bool], full: Bool) {
        guard graphics.pixels != nil else { return }
        var y: Int32 = 0, x: Int32 = 0
        rb_cursor(&y, &x)
        let bytes = pictures.bytes(for: grid, changedRows: changedRows, full: full, cursorX: Int(x), cursorY: Int(y))
        guard !bytes.isEmpty else { return }
        _ = GraphicsProbe.writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Before ncurses gives the terminal back: frees the kitty images.
    func clearPictures() {
        let bytes = pictures.farewell()
        if !bytes.isEmpty { _ = GraphicsProbe.writeAll(bytes, to: STDOUT_FILENO) }
    }
}

extension NCursesScreen {
    /// Writes a notification's bytes (`TerminalNotification`) after what
    /// ncurses has drawn.
    public func writeNotification(_ bytes: [UInt8]) {
        if !bytes.isEmpty { _ = GraphicsProbe.writeAll(bytes, to: STDOUT_FILENO) }
    }

    /// Sends `text` to the terminal's clipboard (OSC 52), after what
    /// ncurses has drawn; false when it is too long to send that way.
    public func copyToClipboard(_ text: String) -> Bool {
        guard let bytes = TerminalClipboard.sequence(text) else { return false }
        return GraphicsProbe.writeAll(bytes, to: STDOUT_FILENO)
    }
}
