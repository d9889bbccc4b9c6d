import RowboatSpec

/// SGR mouse reports (`ESC [ < b ; x ; y M`, mode 1006: any column, not
/// only the 223 X10 can address) read out of the keys of one read, where
/// ncurses leaves them when the terminal type's `kmous` is X10's `ESC [ M`
/// (tmux-256color, screen): without this they would be keys — ESC, `[`,
/// `<`, digits — that close, switch tabs and mark rows. A press of the
/// first button is a click, buttons 64 and 65 the wheel; releases, motion
/// and other buttons are dropped. Anything that is not a whole report is
/// passed on as it came.
enum SGRMouseReports {
    static func decode(_ keys: [Key]) -> [Key] {
        guard keys.count >= 9, keys.contains(.escape) else { return keys }
        var out: [Key] = []
        out.reserveCapacity(keys.count)
        var i = 0
        while i < keys.count {
            if keys[i] == .escape, let (event, end) = report(keys, at: i) {
                if let event { out.append(.mouse(event)) }
                i = end
            } else {
                out.append(keys[i])
                i += 1
            }
        }
        return out
    }

    /// The report starting at `start` (an ESC): its event (nil: one to
    /// drop) and where the keys after it start; nil when there is none.
    static func report(_ keys: [Key], at start: Int) -> (MouseEvent?, Int)? {
        guard start + 2 < keys.count, keys[start + 1] == .character("["), keys[start + 2] == .character("<") else { return nil }
        var numbers: [Int] = [0]
        var i = start + 3
        while i < keys.count, i - start < 32 {
            guard case .character(let c) = keys[i] else { return nil }
            if let digit = c.wholeNumberValue, c.isASCII {
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + digit
            } else if c == ";" {
                numbers.append(0)
            } else if c == "M" || c == "m" {
                guard numbers.count == 3 else { return nil }
                let (button, x, y) = (numbers[0], numbers[1] - 1, numbers[2] - 1)
                guard c == "M", x >= 0, y >= 0 else { return (nil, i + 1) }
                switch button {
                case 0: return (MouseEvent(.click, x: x, y: y), i + 1)
                case 64: return (MouseEvent(.wheelUp, x: x, y: y), i + 1)
                case 65: return (MouseEvent(.wheelDown, x: x, y: y), i + 1)
                default: return (nil, i + 1)
                }
            } else {
                return nil
            }
            i += 1
        }
        return nil
    }
}
