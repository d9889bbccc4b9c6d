/// A command line written as a POSIX shell (bash, zsh) reads it back: each
/// argument one word, quoted only when it must be. Plain words stay bare;
/// others go in single quotes (a quote inside as `'\''`); a word with a
/// control character, a line break or an invisible character is written
/// in `$'…'` with escapes, so the line is exact when pasted and safe to
/// show on a terminal.
public enum ShellWords {
    /// `arguments` as one line: `git log -- 'a b' $'line one\nline two'`.
    public static func line(_ arguments: [String]) -> String {
        arguments.map(quote).joined(separator: " ")
    }

    /// One argument as a shell word.
    public static func quote(_ word: String) -> String {
        if word.isEmpty { return "''" }
        if word.unicodeScalars.allSatisfy(isBare) { return word }
        if word.unicodeScalars.allSatisfy({ Sanitizer.classify($0) == .keep }) {
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var out = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            default:
                if Sanitizer.classify(scalar) == .keep {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value < 0x100 {
                    out += "\\x" + hex(scalar.value, digits: 2)
                } else {
                    out += (scalar.value > 0xFFFF ? "\\U" + hex(scalar.value, digits: 8) : "\\u" + hex(scalar.value, digits: 4))
                }
            }
        }
        return out + "'"
    }

    /// Characters a shell leaves alone in a bare word.
    static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ",", ":", "@", "%", "+": true
        default: false
        }
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
