/// How one locale writes money in one currency (or none), learned once
/// from Foundation's own output and then applied by hand: Foundation's
/// format styles cost about 4.6 µs a value here, which was most of the
/// time a million money rows took to load (see docs/benchmarks.md).
///
/// The template is read off a probe (`1234567.891` and its negative):
/// what comes before and after the digits, the group and decimal marks
/// and the number of decimals. Digits are the value's shortest decimal
/// form (Swift's `description`, the digits ICU starts from) rounded half
/// to even, as ICU rounds them. A locale whose output does not fit that
/// mould (other digits, other grouping) has no template, and a template
/// that does not give Foundation's exact text for a set of checks is
/// dropped: `MoneyFormatter` then asks Foundation every time.
public struct MoneyTemplate: Sendable, Equatable {
    var prefix: [UInt8]
    var suffix: [UInt8]
    var negativePrefix: [UInt8]
    var negativeSuffix: [UInt8]
    var group: [UInt8]
    package var decimal: [UInt8]
    var decimals: Int

    /// The template for `format` (Foundation's formatting of a value), or
    /// nil when its output is not in the mould or a check disagrees.
    init?(_ format: (Double) -> String) {
        guard let (prefix, digits, suffix) = Self.split(Array(format(1_234_567.891).utf8)),
              let (negativePrefix, negativeDigits, negativeSuffix) = Self.split(Array(format(-1_234_567.891).utf8)),
              negativeDigits == digits else { return nil }
        // The digits: 1 g 234 g 567 [d 8, 89 or 891].
        var runs: [[UInt8]] = [], marks: [[UInt8]] = []
        var at = 0
        while at < digits.count {
            let start = at
            let isDigit = Self.isDigit(digits[at])
            while at < digits.count, Self.isDigit(digits[at]) == isDigit { at += 1 }
            if isDigit { runs.append(Array(digits[start..<at])) } else { marks.append(Array(digits[start..<at])) }
        }
        let text = runs.map { String(decoding: $0, as: UTF8.self) }
        guard marks.count == runs.count - 1, runs.count >= 3, text[0] == "1", text[1] == "234",
              marks[0] == marks[1] else { return nil }
        self.prefix = prefix
        self.suffix = suffix
        self.negativePrefix = negativePrefix
        self.negativeSuffix = negativeSuffix
        group = marks[0]
        if runs.count == 3 {
            guard text[2] == "568" else { return nil }
            decimal = []
            decimals = 0
        } else {
            guard runs.count == 4, text[2] == "567", marks[2] != group,
                  ["9", "89", "891"].contains(text[3]) else { return nil }
            decimal = marks[2]
            decimals = text[3].count
        }
        // Foundation has the last word: every check must come out the same.
        for value in [0, -0.0, 0.5, 1, 2.675, 2.665, 0.125, -0.005, 9.995, 999.995, 1_000, 1_234.5, -42.1,
                      99_999.999, 1_000_000, 123_456_789_012.34, 0.0001, -7e-7, 5e14] {
            guard string(value) == format(value) else { return nil }
        }
    }

    /// Before the first ASCII digit, from it to the last, after it.
    static func split(_ text: [UInt8]) -> ([UInt8], [UInt8], [UInt8])? {
        guard let first = text.firstIndex(where: isDigit), let last = text.lastIndex(where: isDigit) else { return nil }
        return (Array(text[..<first]), Array(text[first...last]), Array(text[(last + 1)...]))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    static let powers: [Double] = [1, 10, 100, 1_000, 10_000]

    /// `value` written by the template; nil when it cannot be (not finite,
    /// or too large for its plain decimal form).
    func string(_ value: Double) -> String? {
        var text: String?
        _ = write(value) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// `string(value)`'s text as UTF-8, handed to `body`; false when there
    /// is none (as `string` returns nil).
    package func write(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard value.isFinite, value.magnitude < 1e15 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 320) { kept -> Bool in
            // kept: the whole digits, then `decimals` fraction digits, rounded.
            var count = 0, wholeCount = 0
            // The first fraction digit dropped, and whether any after it is not 0.
            var dropped: UInt8 = 0, beyond = false
            let scaled = value.magnitude * Self.powers[decimals]
            let part = scaled - scaled.rounded(.down)
            if scaled < 0x1p40, (part - 0.5).magnitude > 1e-3 {
                // Clear of a tie: the nearest integer is what rounding the
                // shortest digits gives (one multiplication's error is far
                // below the margin).
                var units = UInt64(scaled.rounded(.toNearestOrEven))
                var digits = 0
                repeat {
                    kept[40 - digits] = UInt8(truncatingIfNeeded: units % 10) + 48
                    units /= 10
                    digits += 1
                } while units > 0 || digits <= decimals
                for i in 0..<digits { kept[i] = kept[41 - digits + i] }
                count = digits
                wholeCount = digits - decimals
            } else if value.magnitude >= 1e-4 {
                // Shortest digits: "1234.5", "0.0001" (never an exponent in this range).
                var inFraction = false, fractionDigits = 0
                var text = value.magnitude.description
                let fine = text.withUTF8 { utf8 -> Bool in
                    for byte in utf8 {
                        if byte == UInt8(ascii: ".") {
                            inFraction = true
                        } else if Self.isDigit(byte) {
                            if !inFraction {
                                guard count < 40 else { return false }
                                kept[count] = byte
                                count += 1
                                wholeCount += 1
                            } else if fractionDigits < decimals {
                                kept[count] = byte
                                count += 1
                                fractionDigits += 1
                            } else if fractionDigits == decimals {
                                dropped = byte
                                fractionDigits += 1
                            } else if byte != UInt8(ascii: "0") {
                                beyond = true
                            }
                        } else {
                            return false
                        }
                    }
                    return true
                }
                guard fine else { return false }
                while fractionDigits < decimals {
                    kept[count] = UInt8(ascii: "0")
                    count += 1
                    fractionDigits += 1
                }
            } else {
                // Rounds to zero at any of our precisions.
                kept[0] = UInt8(ascii: "0")
                wholeCount = 1
                for i in 0...decimals { kept[i] = UInt8(ascii: "0") }
                count = 1 + decimals
            }
            // Round half to even at `decimals`.
            if dropped > UInt8(ascii: "5") || (dropped == UInt8(ascii: "5") && (beyond || (kept[count - 1] - 48) % 2 == 1)) {
                var i = count - 1
                while i >= 0 {
                    if kept[i] == UInt8(ascii: "9") { kept[i] = UInt8(ascii: "0"); i -= 1 } else { kept[i] += 1; break }
                }
                if i < 0 {
                    // 999.995 → 1000.00: a 1 in front.
                    var j = count
                    while j > 0 { kept[j] = kept[j - 1]; j -= 1 }
                    kept[0] = UInt8(ascii: "1")
                    count += 1
                    wholeCount += 1
                }
            }
            // The text after the digits' room (64 bytes past them).
            var length = 64
            func put(_ bytes: [UInt8]) {
                for byte in bytes where length < 256 {
                    kept[length] = byte
                    length += 1
                }
            }
            let negative = value.sign == .minus
            put(negative ? negativePrefix : prefix)
            for i in 0..<wholeCount {
                if i > 0, (wholeCount - i) % 3 == 0 { put(group) }
                kept[length] = kept[i]
                length += 1
            }
            if decimals > 0 {
                put(decimal)
                for i in wholeCount..<count {
                    kept[length] = kept[i]
                    length += 1
                }
            }
            put(negative ? negativeSuffix : suffix)
            guard length < 256 else { return false }
            body(UnsafeBufferPointer(rebasing: kept[64..<length]))
            return true
        }
    }
}
