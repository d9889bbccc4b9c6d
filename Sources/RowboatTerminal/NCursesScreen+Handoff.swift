#if canImport(Glibc)
import Glibc
#endif
import CNCurses

/// Handing the terminal to another program (an action's editor, pager or
/// `git`) and taking it back as it was: ncurses' documented idiom
/// (`def_prog_mode`, `endwin`, run, `reset_prog_mode`) with a full redraw.
extension NCursesScreen {
    /// Runs `body` (which runs the program in the foreground and waits for
    /// it) with the terminal in the state the shell left it; Ctrl-C, Ctrl-\
    /// and Ctrl-Z go to the program only. Afterwards the screen is ours
    /// again and the next frame is drawn whole.
    public func handOff<T>(_ body: () -> T) -> T {
        clearPictures()
        def_prog_mode()
        curs_set(1)
        endwin()
        // The program gets the keyboard's signals; we keep on running.
        SignalRelay.uninstall()
        let ignored: [Int32] = [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU]
        var previous: [Int32: sighandler_t?] = [:]
        for sig in ignored { previous[sig] = signal(sig, SIG_IGN) }
        defer {
            for sig in ignored { signal(sig, previous[sig] ?? SIG_DFL) }
            SignalRelay.install(writingTo: SignalRelay.fd)
            reset_prog_mode()
            curs_set(0)
            // The program may have changed the size and left anything on screen.
            _ = refreshSize()
            clearok(rb_stdscr(), true)
        }
        return body()
    }
}
