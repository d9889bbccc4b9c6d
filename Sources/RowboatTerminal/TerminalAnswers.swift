/// What a terminal answered to the start-up queries (`GraphicsProbe`),
/// parsed from the raw bytes: the kitty graphics query's reply, the primary
/// device attributes (DA1, the sentinel: every terminal answers it, after
/// the queries sent before it), the cell size in pixels (`CSI 16 t`) and
/// the name and version (XTVERSION). Anything else in the bytes — keys the
/// user typed, garbage — is skipped.
public struct TerminalAnswers: Sendable, Equatable {
    /// kitty answered `OK` to the graphics query (id 31).
    public var kittyGraphics = false
    /// DA1's parameters; nil when the sentinel did not come back.
    public var deviceAttributes: [Int]?
    /// A cell's width and height in pixels, when the terminal told.
    public var cellWidth: Int?, cellHeight: Int?
    /// XTVERSION's text, e.g. "kitty(0.31.0)" or "XTerm(379)".
    public var version: String?

    public init() {}

    /// The sentinel came back: nothing sent before it is still to come.
    public var complete: Bool { deviceAttributes != nil }

    /// DA1 lists 4: the terminal shows sixel graphics.
    public var sixel: Bool { deviceAttributes?.contains(4) == true }

    /// The answers found in `bytes`.
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var out = TerminalAnswers()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { i += 1; continue }
            switch bytes[i + 1] {
            case UInt8(ascii: "_"):       // APC: kitty's reply `ESC _ G i=31;OK ESC \`
                let (body, next) = stringUntilST(bytes, from: i + 2)
                if body.hasPrefix("G"), body.contains("i=31"), body.hasSuffix(";OK") { out.kittyGraphics = true }
                i = next
            case UInt8(ascii: "P"):       // DCS: XTVERSION `ESC P > | text ESC \`
                let (body, next) = stringUntilST(bytes, from: i + 2)
                if body.hasPrefix(">|") {
                    out.version = String(body.dropFirst(2).unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
                        .prefix(60).map(Character.init))
                }
                i = next
            case UInt8(ascii: "["):
                i = parseCSI(bytes, from: i + 2, into: &out)
            default:
                i += 1
            }
        }
        return out
    }

    /// The text of a string sequence up to ST (`ESC \` or BEL), and where
    /// parsing goes on; an unterminated one runs to the end.
    static func stringUntilST(_ bytes: [UInt8], from start: Int) -> (String, Int) {
        var j = start
        while j < bytes.count {
            if bytes[j] == 0x07 { return (text(bytes[start..<j]), j + 1) }
            if bytes[j] == 0x1B {
                let end = j + 1 < bytes.count && bytes[j + 1] == 0x5C ? j + 2 : j
                return (text(bytes[start..<j]), max(end, j + 1))
            }
            j += 1
        }
        return (text(bytes[start..<j]), j)
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(256), as: UTF8.self)
    }

    /// `CSI ? Ps;… c` (DA1) and `CSI 6 ; h ; w t` (cell size); other CSIs are skipped.
    static func parseCSI(_ bytes: [UInt8], from start: Int, into out: inout TerminalAnswers) -> Int {
        var j = start
        let privateMark = j < bytes.count && bytes[j] == UInt8(ascii: "?")
        if privateMark { j += 1 }
        var params: [Int] = [], current: Int? = nil
        while j < bytes.count, j - start < 64 {
            let b = bytes[j]
            if b >= 0x30 && b <= 0x39 {
                current = min(1_000_000, (current ?? 0) * 10 + Int(b - 0x30))
            } else if b == UInt8(ascii: ";") {
                params.append(current ?? 0)
                current = nil
            } else if b >= 0x40 && b <= 0x7E {
                if let current { params.append(current) }
                if b == UInt8(ascii: "c"), privateMark { out.deviceAttributes = params }
                if b == UInt8(ascii: "t"), !privateMark, params.count == 3, params[0] == 6, params[1] > 0, params[2] > 0 {
                    out.cellHeight = params[1]
                    out.cellWidth = params[2]
                }
                return j + 1
            } else {
                return j    // not a CSI we know: resume at this byte
            }
            j += 1
        }
        return j
    }
}
