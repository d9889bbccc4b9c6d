import RowboatSpec

/// Answers to the start-up questions (`GraphicsProbe`) that came after the
/// probe stopped waiting — a slow terminal, a loaded machine. ncurses hands
/// them over as keys (ESC, `[`, `?`, `6`, `2`, `;`, `c`), which must not
/// act as keys: `2` would switch tabs, `G` jump to the end. While the
/// sentinel (the DA1 answer) is still to come, an ESC followed by `[`, `_`
/// or `P` starts an answer that is dropped up to its end (a CSI's final
/// character, or `ESC \` after a string); the DA1 answer ends the watch.
/// A lone ESC at the end of a read is a real Escape key.
struct LateAnswerFilter {
    /// Answers may still arrive (the probe timed out before its sentinel).
    private(set) var awaiting: Bool
    private var state = State.idle

    private enum State: Equatable {
        case idle
        /// An ESC held back: a key, or the start of an answer.
        case escape
        /// Inside `ESC [`: the parameters so far.
        case csi(String)
        /// Inside `ESC _` or `ESC P`, up to `ESC \`.
        case string(sawEscape: Bool)
    }

    init(awaiting: Bool) {
        self.awaiting = awaiting
    }

    /// `keys` (one read) without the late answers in them.
    mutating func filter(_ keys: [Key]) -> [Key] {
        guard awaiting || state != .idle else { return keys }
        var out: [Key] = []
        for key in keys { take(key, into: &out) }
        if state == .escape {
            out.append(.escape)
            state = .idle
        }
        return out
    }

    private mutating func take(_ key: Key, into out: inout [Key]) {
        switch state {
        case .idle:
            if awaiting && key == .escape { state = .escape } else { out.append(key) }
        case .escape:
            switch key {
            case .character("["): state = .csi("")
            case .character("_"), .character("P"): state = .string(sawEscape: false)
            default:
                out.append(.escape)
                state = .idle
                take(key, into: &out)
            }
        case .csi(let parameters):
            guard case .character(let c) = key, let ascii = c.asciiValue else {
                state = .idle  // not an answer after all: what was held goes
                return
            }
            if (0x40...0x7E).contains(ascii) {
                if parameters.hasPrefix("?") && c == "c" { awaiting = false }
                state = .idle
            } else {
                state = .csi(parameters + String(c))
            }
        case .string(let sawEscape):
            if sawEscape && key == .character("\\") {
                state = .idle
            } else {
                state = .string(sawEscape: key == .escape)
            }
        }
    }
}
