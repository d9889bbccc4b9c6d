import RowboatSpec

/// How a notification reaches the user, and the bytes a terminal takes
/// for it: OSC 9 (iTerm2, WezTerm, Windows Terminal, Ghostty), OSC 777
/// (urxvt, VTE terminals, foot), kitty's OSC 99 — inside tmux wrapped in
/// its passthrough (`set -g allow-passthrough on` lets it out) — or the
/// desktop's `notify-send`, or the bell. The text is already one clean
/// line; what could end or split the sequence is taken out here too.
public enum TerminalNotification {
    /// Where a notification goes.
    public enum Route: String, Sendable, Equatable {
        case osc9, osc777, osc99, notifySend = "notify-send", bell, off
    }

    /// The route for `via`: `auto` picks the terminal's own kind from its
    /// environment, else `notify-send` on a desktop that has it, else the bell.
    public static func route(_ via: NotifySettings.Via, environment: [String: String], hasNotifySend: Bool) -> Route {
        switch via {
        case .osc9: return .osc9
        case .osc777: return .osc777
        case .osc99: return .osc99
        case .notifySend: return .notifySend
        case .bell: return .bell
        case .off: return .off
        case .auto:
            let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
            if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .osc99 }
            if ["iTerm.app", "WezTerm", "ghostty", "WarpTerminal"].contains(program) || environment["WT_SESSION"] != nil {
                return .osc9
            }
            if term.hasPrefix("foot") || term.hasPrefix("rxvt") || environment["VTE_VERSION"] != nil { return .osc777 }
            if hasNotifySend, environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil { return .notifySend }
            return .bell
        }
    }

    /// The bytes to write for `title` and `text` on `route` (empty for
    /// `notify-send` and `off`); `tmux`: wrapped in tmux's passthrough.
    public static func bytes(title: String, text: String, route: Route, tmux: Bool) -> [UInt8] {
        let title = inert(title), text = inert(text)
        let sequence: String
        switch route {
        case .osc9: sequence = "\u{1B}]9;\(title.isEmpty ? text : title + ": " + text)\u{07}"
        case .osc777:
            sequence = "\u{1B}]777;notify;\(title.replacingOccurrences(of: ";", with: ","));\(text)\u{07}"
        case .osc99:
            sequence = "\u{1B}]99;i=1:d=0;\(title.isEmpty ? text : title)\u{1B}\\"
                + (title.isEmpty ? "" : "\u{1B}]99;i=1:d=1:p=body;\(text)\u{1B}\\")
        case .bell: return [0x07]
        case .notifySend, .off: return []
        }
        guard tmux else { return Array(sequence.utf8) }
        // tmux hands on what is between `ESC P tmux;` and `ESC \`, each ESC inside doubled.
        return Array(("\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\").utf8)
    }

    /// The longest text sent (a notification is one line).
    static let maxText = 200

    /// No control character (ESC, BEL, C1) can end or break the sequence.
    static func inert(_ text: String) -> String {
        String(String.UnicodeScalarView(Sanitizer.clean(text, limit: maxText).unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
        }))
    }
}
