import RowboatSpec
import RowboatCells

/// How thumbnails reach this terminal, decided once at start-up from the
/// wish (`--images` / `images.mode`), the environment, the answers to the
/// queries and whether colours are allowed: a pixel format, symbol cells,
/// or no pictures; with a few words for the help overlay.
public struct TerminalGraphics: Sendable, Equatable {
    public enum Choice: Sendable, Equatable {
        case pixels(PixelFormat)
        case symbols
        case off
    }

    public var choice: Choice
    /// Why, for `?` help: "sixel (the terminal answered)".
    public var reason: String

    public var pixels: PixelFormat? {
        if case .pixels(let format) = choice { return format }
        return nil
    }

    /// Cell size when nothing better is known (pixels).
    static let defaultCell = (width: 10, height: 20)

    /// - Parameters:
    ///   - answers: nil when no query was sent (a forced mode, or symbols).
    ///   - tmuxPassthrough: inside tmux, whether it passes sequences on.
    ///   - windowCell: the cell size from the window-size ioctl, if it had pixels.
    public static func choose(mode: ImageMode, environment: [String: String], answers: TerminalAnswers?,
                              tmuxPassthrough: Bool, colorsAllowed: Bool, directColor: Bool = false,
                              windowCell: (width: Int, height: Int)? = nil) -> TerminalGraphics {
        switch mode {
        case .off: return TerminalGraphics(choice: .off, reason: "off")
        case .symbols: return TerminalGraphics(choice: .symbols, reason: "symbols (chosen)")
        default: break
        }
        guard colorsAllowed else {
            return TerminalGraphics(choice: .symbols, reason: "symbols (no colours: NO_COLOR or monochrome)")
        }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        if inTmux && !tmuxPassthrough {
            return TerminalGraphics(choice: .symbols, reason: "symbols (inside tmux without allow-passthrough)")
        }
        let forced = mode != .auto
        guard let proto = forced ? forcedProtocol(mode, answers: answers, environment: environment, inTmux: inTmux)
                : detectedProtocol(answers: answers, environment: environment, inTmux: inTmux) else {
            return TerminalGraphics(choice: .symbols, reason: "symbols (the terminal shows no pixel protocol)")
        }
        if inTmux && proto != .kittyPlaceholders {
            return TerminalGraphics(choice: .symbols, reason: "symbols (\(proto.rawValue) cannot be placed through tmux)")
        }
        let cell = answers.flatMap { a in a.cellWidth.flatMap { w in a.cellHeight.map { (w, $0) } } }
            ?? windowCell.map { ($0.width, $0.height) } ?? (defaultCell.width, defaultCell.height)
        let format = PixelFormat(proto: proto, cellWidth: cell.0, cellHeight: cell.1, tmuxPassthrough: inTmux,
                                 directColorIDs: directColor)
        return TerminalGraphics(choice: .pixels(format),
                                reason: "\(proto.rawValue) (\(forced ? "chosen" : "the terminal answered"))")
    }

    static func detectedProtocol(answers: TerminalAnswers?, environment env: [String: String],
                                 inTmux: Bool) -> PixelProtocol? {
        let term = env["TERM"] ?? "", program = env["TERM_PROGRAM"] ?? ""
        let kittyHint = term.contains("kitty") || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty || program == "ghostty"
        if answers?.kittyGraphics == true || kittyHint {
            return placeholders(answers: answers, environment: env, inTmux: inTmux) ? .kittyPlaceholders : .kitty
        }
        if answers?.sixel == true { return .sixel }
        if ["iTerm.app", "WezTerm", "vscode"].contains(program) || env["LC_TERMINAL"] == "iTerm2" { return .iterm }
        return nil
    }

    static func forcedProtocol(_ mode: ImageMode, answers: TerminalAnswers?, environment: [String: String],
                               inTmux: Bool) -> PixelProtocol? {
        switch mode {
        case .sixel: .sixel
        case .iterm: .iterm
        case .kitty: placeholders(answers: answers, environment: environment, inTmux: inTmux) ? .kittyPlaceholders : .kitty
        default: nil
        }
    }

    /// kitty from 0.28 on and Ghostty draw Unicode placeholders; inside
    /// tmux they are the only way (the terminal's own version is not
    /// asked through it, so a current one is assumed).
    static func placeholders(answers: TerminalAnswers?, environment: [String: String], inTmux: Bool) -> Bool {
        if inTmux || environment["TERM_PROGRAM"] == "ghostty" { return true }
        guard let version = answers?.version else { return false }
        if version.lowercased().hasPrefix("ghostty") { return true }
        guard version.hasPrefix("kitty("), let close = version.firstIndex(of: ")") else { return false }
        let numbers = version[version.index(version.startIndex, offsetBy: 6)..<close].split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 0 || numbers[1] >= 28
    }
}
