/// A double-quoted string literal with backslash escapes, valid as JSON and
/// as a YAML double-quoted scalar: quotes, backslashes, \n \t \r, and any
/// control or line-separator character as `\uXXXX`.
enum DoubleQuoted {
    /// `text` quoted; `alsoEscape` picks further scalars to write as `\uXXXX`.
    static func literal(_ text: String, alsoEscape: (UInt32) -> Bool = { _ in false }) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || alsoEscape(v) {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
