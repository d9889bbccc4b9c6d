#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatProcess

/// Asks the terminal, before ncurses takes it, what it can show: the kitty
/// graphics query, the cell size (`CSI 16 t`) and XTVERSION, then DA1 as
/// the sentinel. Answers are read in raw mode until DA1 comes back or the
/// time is up (100 ms), so a terminal that answers nothing costs at most
/// that and never blocks; the settings are put back as they were.
public enum GraphicsProbe {
    public static let queries = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[>q"
    public static let sentinel = "\u{1B}[c"

    /// Sends the queries on `output` and reads the answers from `input`
    /// (both the terminal), for at most `timeout` seconds. Inside tmux only
    /// the sentinel and the cell size are asked (tmux answers DA1 itself).
    public static func ask(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Double = 0.1,
                           inTmux: Bool = false) -> TerminalAnswers {
        guard var saved = rawMode(input) else { return TerminalAnswers() }
        defer { tcsetattr(input, TCSANOW, &saved) }
        guard writeAll(question(inTmux: inTmux), to: output) else { return TerminalAnswers() }
        return read(from: input, until: Date().addingTimeInterval(timeout))
    }

    /// What is asked: inside tmux only the cell size, then the sentinel.
    static func question(inTmux: Bool) -> [UInt8] {
        Array(((inTmux ? "\u{1B}[16t" : queries) + sentinel).utf8)
    }

    /// Inside tmux (`TMUX` set): the one rule the screen and the questions
    /// asked ahead judge by.
    public static func inTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// Puts the terminal `input` in raw mode for the answers (no echo, no
    /// lines, reads that do not wait); the settings before, nil when it is
    /// not a terminal.
    static func rawMode(_ input: Int32) -> termios? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
        return saved
    }

    /// Reads until the answers are complete (the sentinel came) or the
    /// deadline; a deadline passed reads what has come.
    static func read(from input: Int32, until deadline: Date) -> TerminalAnswers {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while bytes.count < 8_192 {
            let left = deadline.timeIntervalSinceNow
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, left > 0 ? Int32(max(1, (left * 1000).rounded(.up))) : 0)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, fd.revents & Int16(POLLIN) != 0 else { break }
            let n = Glibc.read(input, &buffer, buffer.count)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { break }
            bytes += buffer[0..<n]
            if TerminalAnswers.parse(bytes).complete { break }
        }
        return TerminalAnswers.parse(bytes)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// The cell size from the window-size ioctl, when the terminal fills
    /// in its pixels.
    public static func windowCell(_ fd: Int32 = STDOUT_FILENO) -> (width: Int, height: Int)? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0,
              ws.ws_xpixel > 0, ws.ws_ypixel > 0 else { return nil }
        let w = Int(ws.ws_xpixel) / Int(ws.ws_col), h = Int(ws.ws_ypixel) / Int(ws.ws_row)
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// Inside tmux: whether it passes sequences through (`allow-passthrough`
    /// on or all for this pane), asked of tmux itself.
    public static func tmuxAllowsPassthrough(environment: [String: String]) -> Bool {
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        guard let result = try? ProcessRunner.run(ProcessSpec(arguments + ["#{allow-passthrough}"], stdout: .capture)),
              result.status == 0 else { return false }
        let value = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return value == "on" || value == "all" || value == "1"
    }
}
