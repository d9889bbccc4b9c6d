import RowboatSpec

/// Words of a command line as a POSIX shell splits them, done here as a
/// parser (never by a shell): nothing is expanded, substituted or run.
/// Blanks (spaces, tabs, line breaks) separate words; `'…'` is literal;
/// `"…"` is literal but for `\"`, `\\`, `\$`, `` \` `` and a backslash
/// before a line break (dropped); `$'…'` reads C escapes (`\n`, `\t`,
/// `\xHH`, `\uHHHH`, `\'`, …), as browsers' "Copy as cURL" writes them; a
/// backslash outside quotes takes the next character as it is, and before
/// a line break joins the lines. `$(…)`, backticks, `$VAR`, `;`, `|`, `&`
/// are ordinary characters of the word they are in.
public enum ShellSplit {
    public static func words(_ text: String) throws(CurlCommand.Failure) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        let s = Array(text.unicodeScalars)
        var i = 0
        func end() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }
        while i < s.count {
            let c = s[i]
            switch c {
            case " ", "\t", "\n", "\r":
                end()
                i += 1
            case "\\":
                if i + 1 < s.count {
                    if s[i + 1] == "\n" {
                        i += 2
                    } else if s[i + 1] == "\r", i + 2 < s.count, s[i + 2] == "\n" {
                        i += 3
                    } else {
                        word.unicodeScalars.append(s[i + 1])
                        inWord = true
                        i += 2
                    }
                } else {
                    i += 1
                }
            case "'":
                inWord = true
                i += 1
                while i < s.count, s[i] != "'" {
                    word.unicodeScalars.append(s[i])
                    i += 1
                }
                guard i < s.count else { throw CurlCommand.Failure("a single quote is not closed") }
                i += 1
            case "\"":
                inWord = true
                i += 1
                while i < s.count, s[i] != "\"" {
                    if s[i] == "\\", i + 1 < s.count, ["\"", "\\", "$", "`", "\n"].contains(s[i + 1]) {
                        if s[i + 1] != "\n" { word.unicodeScalars.append(s[i + 1]) }
                        i += 2
                        continue
                    }
                    word.unicodeScalars.append(s[i])
                    i += 1
                }
                guard i < s.count else { throw CurlCommand.Failure("a double quote is not closed") }
                i += 1
            case "$" where i + 1 < s.count && s[i + 1] == "'":
                inWord = true
                i += 2
                var closed = false
                while i < s.count {
                    if s[i] == "'" { closed = true; i += 1; break }
                    if s[i] == "\\", i + 1 < s.count {
                        let (scalars, used) = cEscape(s, at: i + 1)
                        word.unicodeScalars.append(contentsOf: scalars)
                        i += 1 + used
                        continue
                    }
                    word.unicodeScalars.append(s[i])
                    i += 1
                }
                guard closed else { throw CurlCommand.Failure("a $' quote is not closed") }
            default:
                word.unicodeScalars.append(c)
                inWord = true
                i += 1
            }
        }
        end()
        return words
    }

    /// The escape after a backslash in `$'…'` at `at`: what it stands for
    /// and how many scalars it took.
    static func cEscape(_ s: [Unicode.Scalar], at: Int) -> ([Unicode.Scalar], Int) {
        let c = s[at]
        switch c {
        case "n": return (["\n"], 1)
        case "t": return (["\t"], 1)
        case "r": return (["\r"], 1)
        case "a": return (["\u{07}"], 1)
        case "b": return (["\u{08}"], 1)
        case "e", "E": return (["\u{1B}"], 1)
        case "f": return (["\u{0C}"], 1)
        case "v": return (["\u{0B}"], 1)
        case "x", "u", "U":
            let most = c == "x" ? 2 : c == "u" ? 4 : 8
            var digits = ""
            var j = at + 1
            while j < s.count, digits.count < most, s[j].properties.isASCIIHexDigit {
                digits.unicodeScalars.append(s[j])
                j += 1
            }
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return (["\\", c], 1) }
            return ([scalar], 1 + digits.count)
        default:
            if ("0"..."7").contains(c) {
                var digits = ""
                var j = at
                while j < s.count, digits.count < 3, ("0"..."7").contains(s[j]) {
                    digits.unicodeScalars.append(s[j])
                    j += 1
                }
                let value = UInt32(digits, radix: 8) ?? 0
                return ([Unicode.Scalar(value) ?? "?"], digits.count)
            }
            return ([c], 1)   // \\, \', \", \?
        }
    }
}
