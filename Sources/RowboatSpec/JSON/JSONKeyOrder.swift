/// The order in which an object's keys appear in the JSON text.
///
/// `JSONValue` keeps objects as dictionaries (as the decoder gives them),
/// which forget the server's order; keyed-object lists need it. This scans
/// the original bytes along a located path (keys and non-negative indices,
/// as `JSONPath.Match.steps` gives them) and reads the keys of the object
/// there. It only skips and compares; it builds no values. Nil when the
/// bytes do not hold an object at that place.
public enum JSONKeyOrder {
    public static func keys(at steps: [JSONPath.Step], in bytes: [UInt8]) -> [String]? {
        var scanner = Scanner(bytes: bytes)
        return scanner.keys(at: steps[...])
    }

    struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func keys(at steps: ArraySlice<JSONPath.Step>) -> [String]? {
            skipSpace()
            guard i < bytes.count else { return nil }
            guard let step = steps.first else {
                guard bytes[i] == UInt8(ascii: "{") else { return nil }
                return objectKeys()
            }
            switch step {
            case .key(let wanted):
                guard bytes[i] == UInt8(ascii: "{") else { return nil }
                i += 1
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    if key == wanted { return keys(at: steps.dropFirst()) }
                    guard skipValue(), separator(close: UInt8(ascii: "}")) == .more else { return nil }
                }
            case .index(let wanted):
                guard wanted >= 0, bytes[i] == UInt8(ascii: "[") else { return nil }
                i += 1
                var at = 0
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
                    if at == wanted { return keys(at: steps.dropFirst()) }
                    guard skipValue(), separator(close: UInt8(ascii: "]")) == .more else { return nil }
                    at += 1
                }
            case .wildcard:
                return nil
            }
        }

        /// The keys of the object starting at `i`, in order, each once.
        mutating func objectKeys() -> [String]? {
            i += 1
            var out: [String] = []
            var seen = Set<String>()
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return out }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                if seen.insert(key).inserted { out.append(key) }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard skipValue() else { return nil }
                switch separator(close: UInt8(ascii: "}")) {
                case .more: continue
                case .closed: return out
                case .broken: return nil
                }
            }
        }

        enum Separator { case more, closed, broken }

        /// After a value: a comma (more follows) or the closing bracket.
        mutating func separator(close: UInt8) -> Separator {
            skipSpace()
            guard i < bytes.count else { return .broken }
            if bytes[i] == UInt8(ascii: ",") { i += 1; return .more }
            if bytes[i] == close { i += 1; return .closed }
            return .broken
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        /// Skips one value of any kind, nested containers included,
        /// without recursion (depth cannot exhaust the stack).
        mutating func skipValue() -> Bool {
            skipSpace()
            var depth = 0
            repeat {
                guard i < bytes.count else { return false }
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    i += 1
                default:
                    if depth == 0 {
                        // A scalar: runs to the next delimiter.
                        let start = i
                        while i < bytes.count, !Self.ends(bytes[i]) { i += 1 }
                        return i > start
                    }
                    i += 1
                }
            } while depth > 0
            return true
        }

        static func ends(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == 0x20 || b == 0x0A
                || b == 0x0D || b == 0x09
        }

        mutating func skipString() -> Bool {
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""): i += 1; return true
                default: i += 1
                }
            }
            return false
        }

        /// A string at `i`, escapes decoded (as the JSON decoder reads keys).
        mutating func string() -> String? {
            i += 1
            var scalars = String.UnicodeScalarView()
            var run = i
            func flush(_ end: Int) {
                if end > run { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            }
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    flush(i)
                    i += 1
                    return String(scalars)
                }
                guard b == UInt8(ascii: "\\") else { i += 1; continue }
                flush(i)
                guard i + 1 < bytes.count else { return nil }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                       bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        guard let low = hex4() else { return nil }
                        if (0xDC00..<0xE000).contains(low) {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalars.append("\u{FFFD}")
                            unit = low
                        }
                    }
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: scalars.append(Unicode.Scalar(e))
                }
                run = i
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for b in bytes[i..<(i + 4)] {
                guard let digit = Self.hexDigit(b) else { return nil }
                value = value << 4 | digit
            }
            i += 4
            return value
        }

        static func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
