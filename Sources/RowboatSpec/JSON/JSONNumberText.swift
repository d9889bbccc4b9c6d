/// JSON numbers as text: the grammar (RFC 8259), a number's value as
/// digits and an exponent (so `19.90` and `19.9` are the same number), and
/// the `JSONValue` a number's text reads as — the rules the parser's shim
/// follows, written once more in Swift for the YAML config's values and as
/// the tests' oracle.
public enum JSONNumberText {
    /// A number's value: its significant digits (ASCII, no leading or
    /// trailing zeros; none for zero) times ten to `exponent`.
    public struct Value: Sendable, Equatable {
        public var negative: Bool
        public var digits: [UInt8]
        public var exponent: Int
    }

    /// The value of `text` when it is one JSON number; nil otherwise.
    public static func value(of text: String) -> Value? {
        var digits: [UInt8] = []
        var negative = false
        var fraction = 0
        var exponent = 0
        var bytes = text.utf8[...]
        func digitRun() -> Int {
            var n = 0
            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                digits.append(b)
                bytes.removeFirst()
                n += 1
            }
            return n
        }
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes.removeFirst() }
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "0") {
            bytes.removeFirst()
        } else if first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") {
            _ = digitRun()
        } else {
            return nil
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            fraction = digitRun()
            guard fraction > 0 else { return nil }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes.removeFirst()
            var minus = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                minus = sign == UInt8(ascii: "-")
                bytes.removeFirst()
            }
            var count = 0
            while let b = bytes.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                // Saturates far past any double's range.
                if exponent < 1_000_000_000_000 { exponent = exponent * 10 + Int(b - UInt8(ascii: "0")) }
                bytes.removeFirst()
                count += 1
            }
            guard count > 0 else { return nil }
            if minus { exponent = -exponent }
        }
        guard bytes.isEmpty else { return nil }
        let leading = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leading)
        var trailing = 0
        while digits.last == UInt8(ascii: "0") { digits.removeLast(); trailing += 1 }
        if digits.isEmpty { return Value(negative: false, digits: [], exponent: 0) }
        return Value(negative: negative, digits: digits, exponent: exponent - fraction + trailing)
    }

    /// True when `text` is one JSON number.
    public static func isValid(_ text: String) -> Bool { value(of: text) != nil }

    /// True for a JSON number written without a fraction or exponent.
    public static func isInteger(_ text: String) -> Bool {
        isValid(text) && !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// What the number `text` reads as: `.int` when it is an integer that
    /// fits (a decimal of integral value too: `1.0`, `1e2`), `.double`
    /// when a double's shortest form is the same number, else
    /// `.numberText(text)`; nil when `text` is not a JSON number.
    public static func jsonValue(_ text: String) -> JSONValue? {
        guard let value = value(of: text) else { return nil }
        if isInteger(text) { return Int64(text).map(JSONValue.int) ?? .numberText(text) }
        guard let d = Double(text), d.isFinite, Self.value(of: d.description) == value else { return .numberText(text) }
        return JSONValue.decimal(d)
    }
}
