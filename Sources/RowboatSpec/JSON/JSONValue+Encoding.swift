extension JSONValue {
    /// Compact JSON text with sorted keys (the same value always gives the
    /// same text); nil only for a non-finite double, which JSON cannot hold
    /// (or a `.numberText` that is no JSON number).
    public var jsonText: String? {
        jsonBytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `jsonText` as UTF-8 bytes: written as Foundation's `JSONEncoder`
    /// wrote them (sorted keys, slashes unescaped, `3.0` as `3`), with a
    /// `.numberText` written as its text, so a number read from a response
    /// goes back exactly as the server wrote it.
    public var jsonBytes: [UInt8]? {
        var out: [UInt8] = []
        return write(into: &out) ? out : nil
    }

    func write(into out: inout [UInt8]) -> Bool {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .double(let d):
            guard d.isFinite else { return false }
            var text = d.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            out += text.utf8
        case .numberText(let text):
            guard JSONNumberText.isValid(text) else { return false }
            out += text.utf8
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                guard value.write(into: &out) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                guard object[key]!.write(into: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// A string literal: `"` and `\` escaped, the C0 controls as `\n`,
    /// `\t`, `\r`, `\b`, `\f` or `\u00XX`; everything else as it is.
    static func writeString(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x0A: out += "\\n".utf8
            case 0x09: out += "\\t".utf8
            case 0x0D: out += "\\r".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0x00..<0x20: out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
