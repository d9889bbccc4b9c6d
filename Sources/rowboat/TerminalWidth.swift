import Foundation
import Glibc

/// The width for headless tables: `$COLUMNS`, else the terminal on stdout,
/// else 120.
enum TerminalWidth {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 120
    }
}
