#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import RowboatSpec

/// Reading keys: `get_wch` in nodelay mode until the buffer is empty,
/// ncurses' key codes and mouse events as `Key`s.
extension NCursesScreen {
    /// Every key waiting in the input buffer.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        while keys.count < 512 {
            var ch: wint_t = 0
            let r = get_wch(&ch)
            if r == ERR { break }
            if r == rb_key_code_yes() {
                if Int32(ch) == rb_key_mouse() {
                    var x: Int32 = 0, y: Int32 = 0
                    switch rb_mouse_read(&x, &y) {
                    case 1: keys.append(.mouse(MouseEvent(.click, x: Int(x), y: Int(y))))
                    case 2: keys.append(.mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y))))
                    case 3: keys.append(.mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y))))
                    default: break
                    }
                } else if let k = Self.special(Int32(ch)) {
                    keys.append(k)
                }
            } else if let k = Self.character(UInt32(ch)) {
                keys.append(k)
            }
        }
        return lateAnswers.filter(mouseEnabled ? SGRMouseReports.decode(keys) : keys)
    }

    static func special(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_BTAB: .backTab
        case KEY_F0 + 1...KEY_F0 + 12: .function(Int(code - KEY_F0))
        default: nil
        }
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 12: return KeyName.ctrlL
        case 0..<32: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
