/// What a plain scalar (unquoted, untagged) of a YAML file is, by YAML
/// 1.1's rules as Yams' default resolver applies them: `~`, `null` or
/// nothing is null; `yes`/`no`/`on`/`off`/`true`/`false` (three casings)
/// a bool; `0x1F`, `0b101`, `017`, `1_000` or `1:30` an int; `1.5e3`,
/// `.5`, `1:30.5`, `.inf` or `.nan` a float; anything else text.
///
/// The same decision as the resolver's regular expressions, written out:
/// compiling and running those was a tenth of a cache-only start's CPU,
/// and the config reads a scalar's type only for the few values that keep
/// YAML's types (`params`, defaults). `YAMLPlainScalarTests` holds it to
/// Yams' resolver over every short string of the characters that matter.
package enum YAMLPlainScalar: Sendable, Equatable {
    case null, bool, int, float, text

    package init(_ string: String) {
        var string = string
        self = string.withUTF8 { Self.kind(of: Self.trimmingFinalBreak($0)) }
    }

    /// The regular expressions' `$` also matches before one line break
    /// that ends the text (`\r\n` counting as one).
    private static func trimmingFinalBreak(_ b: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        func cut(_ n: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: b[0..<(b.count - n)]) }
        let n = b.count
        if n >= 2, b[n - 2] == 0x0D, b[n - 1] == 0x0A { return cut(2) }
        if n >= 1, (0x0A...0x0D).contains(b[n - 1]) { return cut(1) }
        if n >= 2, b[n - 2] == 0xC2, b[n - 1] == 0x85 { return cut(2) }   // NEL
        if n >= 3, b[n - 3] == 0xE2, b[n - 2] == 0x80, b[n - 1] == 0xA8 || b[n - 1] == 0xA9 { return cut(3) }   // LS, PS
        return b
    }

    private static let bools: Set<[UInt8]> = Set(["yes", "no", "true", "false", "on", "off"].flatMap { word in
        [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()].map { Array($0.utf8) }
    })
    private static let nulls: Set<[UInt8]> = Set(["", "~", "null", "Null", "NULL"].map { Array($0.utf8) })

    /// The resolver's order: bool, int, float, then null.
    private static func kind(of b: UnsafeBufferPointer<UInt8>) -> YAMLPlainScalar {
        if b.count <= 5, bools.contains(Array(b)) { return .bool }
        if isInt(b) { return .int }
        if isFloat(b) { return .float }
        if b.count <= 4, nulls.contains(Array(b)) { return .null }
        return .text
    }

    /// A position in the text and what it reads.
    private struct Cursor {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0

        var atEnd: Bool { i == b.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < b.count, b[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func takeSign() { if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 } }

        /// Bytes while `accept` holds; how many.
        mutating func run(_ accept: (UInt8) -> Bool) -> Int {
            let start = i
            while i < b.count, accept(b[i]) { i += 1 }
            return i - start
        }

        /// `(:[0-5]?[0-9])+`: at least one group.
        mutating func sexagesimalGroups() -> Bool {
            var groups = 0
            while take(0x3A) {
                let start = i
                let digits = run(isDigit)
                guard digits == 1 || (digits == 2 && b[start] <= 0x35) else { return false }
                groups += 1
            }
            return groups > 0
        }

        /// `text` exactly, then the end.
        mutating func rest(is words: [String]) -> Bool {
            let tail = Array(b[i...])
            return words.contains { Array($0.utf8) == tail }
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isDigitOrUnderscore(_ c: UInt8) -> Bool { isDigit(c) || c == 0x5F }

    /// `[-+]?` then `0b[01_]+`, `0o?[0-7_]+`, `0`, `[1-9][0-9_]*`,
    /// `0x[0-9a-fA-F_]+` or `[1-9][0-9_]*(:[0-5]?[0-9])+`.
    private static func isInt(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var c = Cursor(b: b)
        c.takeSign()
        let start = c.i
        guard start < b.count else { return false }
        if b[start] == 0x30 {   // 0
            var x = c
            _ = x.take(0x30)
            if x.atEnd { return true }
            var binary = x, hex = x, octal = x
            if binary.take(0x62), binary.run({ $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }) > 0, binary.atEnd { return true }
            if hex.take(0x78), hex.run({ isDigitOrUnderscore($0) || (0x61...0x66).contains($0 | 0x20) }) > 0, hex.atEnd {
                return true
            }
            _ = octal.take(0x6F)   // an "o" is optional: without it, "0" then the digits
            if octal.run({ ($0 >= 0x30 && $0 <= 0x37) || $0 == 0x5F }) > 0, octal.atEnd { return true }
            return false
        }
        guard b[start] >= 0x31, b[start] <= 0x39 else { return false }
        _ = c.run(isDigitOrUnderscore)
        if c.atEnd { return true }
        return c.sexagesimalGroups() && c.atEnd
    }

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?`,
    /// `\.[0-9_]+([eE][-+][0-9]+)?`, `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*`,
    /// `[-+]?\.(inf|Inf|INF)` or `\.(nan|NaN|NAN)`.
    private static func isFloat(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !b.isEmpty else { return false }
        if b[0] == 0x2E {   // "." first: .5, .5e+3, .inf, .nan
            var c = Cursor(b: b, i: 1)
            if c.rest(is: ["inf", "Inf", "INF", "nan", "NaN", "NAN"]) { return true }
            guard c.run(isDigitOrUnderscore) > 0 else { return false }
            if c.atEnd { return true }
            guard c.take(0x65) || c.take(0x45), c.take(0x2B) || c.take(0x2D), c.run(isDigit) > 0 else { return false }
            return c.atEnd
        }
        var c = Cursor(b: b)
        c.takeSign()
        if c.take(0x2E) { return c.rest(is: ["inf", "Inf", "INF"]) }
        guard c.run(isDigit) > 0 else { return false }
        _ = c.run(isDigitOrUnderscore)
        if c.atEnd { return true }
        if b[c.i] == 0x3A {   // sexagesimal: needs its "."
            guard c.sexagesimalGroups(), c.take(0x2E) else { return false }
            _ = c.run(isDigitOrUnderscore)
            return c.atEnd
        }
        if c.take(0x2E) { _ = c.run(isDigitOrUnderscore) }
        if c.atEnd { return true }
        guard c.take(0x65) || c.take(0x45) else { return false }
        c.takeSign()
        return c.run(isDigit) > 0 && c.atEnd
    }
}
