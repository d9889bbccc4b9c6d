#if canImport(Glibc)
import Glibc
#endif
import CNCurses

/// Restores the terminal when the process ends in ways ncurses cannot see:
/// fatal signals (a crash in our code) and `exit()`. The handler does only
/// async-signal-safe work: `tcsetattr` with the settings saved at start and a
/// `write` of the terminfo strings that leave the alternate screen and show
/// the cursor; then the signal's previous handler runs.
enum TerminalGuard {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var hasSaved = false
    nonisolated(unsafe) static var resetBytes = [UInt8](repeating: 0, count: 128)
    nonisolated(unsafe) static var resetCount = 0
    nonisolated(unsafe) static var active = false
    /// Previous handlers by signal number: a plain array, so the handler
    /// reads it without hashing or allocating.
    nonisolated(unsafe) static var previous: [sigaction] = Array(repeating: sigaction(), count: 65)
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Saves the current settings; call before ncurses changes them.
    static func saveSettings() {
        hasSaved = tcgetattr(STDIN_FILENO, &saved) == 0
    }

    /// Captures the reset strings (after `setupterm`/`initscr`) and installs
    /// the fatal-signal and exit handlers.
    static func arm() {
        var bytes: [UInt8] = []
        for cap in ["rmcup", "cnorm", "sgr0"] {
            if let s = tigetstr(cap), Int(bitPattern: s) != -1, Int(bitPattern: s) != 0 {
                bytes += Array(String(cString: s).utf8)
            }
        }
        // Mouse reporting off (xterm modes ncurses may have turned on) when the
        // terminal has a mouse at all.
        if let s = tigetstr("kmous"), Int(bitPattern: s) != -1, Int(bitPattern: s) != 0 {
            bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8)
        }
        bytes += Array("\r\n".utf8)
        resetCount = min(bytes.count, resetBytes.count)
        for i in 0..<resetCount { resetBytes[i] = bytes[i] }
        // Fill `previous` before any handler can read it.
        for sig in fatalSignals {
            var old = sigaction()
            sigaction(sig, nil, &old)
            previous[Int(sig)] = old
        }
        for sig in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                TerminalGuard.restoreRaw()
                var old = TerminalGuard.previous[Int(sig)]
                sigaction(sig, &old, nil)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
        active = true
        atexit { TerminalGuard.restoreRaw() }
    }

    /// Marks the terminal as cleanly restored (after `endwin`).
    static func disarm() {
        active = false
    }

    /// Async-signal-safe restore.
    static func restoreRaw() {
        guard active else { return }
        active = false
        if hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        resetBytes.withUnsafeBytes { p in _ = write(STDOUT_FILENO, p.baseAddress, resetCount) }
    }
}
