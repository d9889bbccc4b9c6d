import RowboatSpec

/// A displayed value read back as a number for sorting: a plain number, a
/// sum of money as the user's locale wrote it, a calendar date, a boolean.
enum SortValue {
    /// The value of `utf8` as a number for `kind`; nil when it is text.
    static func parse(_ utf8: UnsafeBufferPointer<UInt8>, kind: SortKind) -> Double? {
        switch kind {
        case .text: return nil
        case .number: return plain(utf8) ?? grouped(utf8)
        case .money: return grouped(utf8)
        case .date: return date(utf8)
        case .bool:
            if utf8.elementsEqual("true".utf8) { return 1 }
            if utf8.elementsEqual("false".utf8) { return 0 }
            return nil
        case .auto: return plain(utf8)
        }
    }

    /// A number written plainly (`-12.5`, `1e+20`, `42`).
    static func plain(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || (first >= 48 && first <= 57) || first == UInt8(ascii: ".") else { return nil }
        guard utf8.count <= 64 else { return nil }
        // Most values: a sign, digits and at most one point (read without a String).
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, point = false, i = 0
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { i = 1 }
        var simple = i < utf8.count
        while simple, i < utf8.count {
            let b = utf8[i]
            if b >= 48 && b <= 57 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b - 48) }
                digits += 1
                if point { fraction += 1 }
            } else if b == UInt8(ascii: "."), !point {
                point = true
            } else {
                simple = false
            }
            i += 1
        }
        if simple, digits > 0, let value = exactDecimal(mantissa, digits: digits, fraction: fraction,
                                                         negative: first == UInt8(ascii: "-")) {
            return value
        }
        guard utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || "+-.eE".utf8.contains($0) }) else { return nil }
        return Double(String(decoding: utf8, as: UTF8.self)).flatMap { $0.isNaN ? nil : $0 }
    }

    /// Powers of ten a double holds exactly.
    private static let exactPowers: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }

    /// `mantissa` (of `digits` digits, the last `fraction` of them after
    /// the point) as a double, when one division gives it correctly
    /// rounded — the mantissa and the power of ten both exact (at most 15
    /// digits, at most 22 after the point) — as `Double(String)` would;
    /// nil when the text must be read as text.
    @inline(__always)
    static func exactDecimal(_ mantissa: UInt64, digits: Int, fraction: Int, negative: Bool) -> Double? {
        guard digits <= 15, fraction <= 22 else { return nil }
        let value = Double(mantissa) / exactPowers[fraction]
        return negative ? -value : value
    }

    /// A number with a currency sign or code and group separators, as a
    /// locale writes money (`€1,234.50`, `1.234,50 €`, `-$3.00`, `¥1,235`,
    /// `CHF 1’234.50`): the last `.` or `,` followed by one or two digits
    /// is the decimal mark (three digits after a lone mark are a group).
    static func grouped(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        guard utf8.count <= 128 else { return nil }
        // Fixed room on the stack (a million rows sort by this; past 1 KB
        // it would be taken from the heap, as it was for every value): the
        // digits, and each mark's place (digits before it) and kind.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * 130) { room -> Double? in
            let digits = UnsafeMutableBufferPointer(rebasing: room[0..<130])
            let markBytes = UnsafeMutableBufferPointer(rebasing: room[130..<260])
            let text = UnsafeMutableBufferPointer(rebasing: room[260..<390])
            let markAt = UnsafeMutableBufferPointer(rebasing: room[390..<520])
            return { () -> Double? in
                var digitCount = 0, markCount = 0
                func mark(_ byte: UInt8) {
                    markAt[markCount] = UInt8(digitCount)
                    markBytes[markCount] = byte
                    markCount += 1
                }
                var negative = false
                var sawDigit = false
                var afterDigits = false
                var i = 0
                while i < utf8.count {
                    let b = utf8[i]
                    if b >= 48 && b <= 57 {
                        if afterDigits { return nil }   // "12 ab 34"
                        digits[digitCount] = b
                        digitCount += 1
                        sawDigit = true
                    } else if b == UInt8(ascii: ".") || b == UInt8(ascii: ",") || b == UInt8(ascii: "'") {
                        if sawDigit { mark(b) }
                    } else if b == UInt8(ascii: "-") {
                        if !sawDigit { negative = true } else { afterDigits = true }
                    } else if b == 0xE2, i + 2 < utf8.count, utf8[i + 1] == 0x88, utf8[i + 2] == 0x92 {
                        if !sawDigit { negative = true } else { afterDigits = true }   // − U+2212
                        i += 2
                    } else if b == 0xE2, i + 2 < utf8.count, utf8[i + 1] == 0x80,
                              utf8[i + 2] == 0x99 || utf8[i + 2] == 0xAF {
                        if sawDigit { mark(UInt8(ascii: "'")) }   // ’ U+2019, narrow space U+202F
                        i += 2
                    } else if b == 0xC2, i + 1 < utf8.count, utf8[i + 1] == 0xA0 {
                        i += 1   // no-break space between groups or before a sign
                    } else if b == UInt8(ascii: " ") {
                        // a space between groups or before a sign
                    } else {
                        if sawDigit { afterDigits = true }   // a sign or code after the number
                    }
                    i += 1
                }
                guard sawDigit else { return nil }
                // Marks right after the last digit (a trailing "." of a
                // sentence) are not decimal marks: only those inside count.
                var last = -1, kinds: UInt8 = 0, sameAsLast = 0
                for k in 0..<markCount where Int(markAt[k]) < digitCount && markAt[k] > 0 {
                    last = k
                    kinds |= markBytes[k] == UInt8(ascii: ".") ? 1 : markBytes[k] == UInt8(ascii: ",") ? 2 : 4
                }
                var decimalAt = -1
                if last >= 0, markBytes[last] != UInt8(ascii: "'") {
                    for k in 0..<markCount where Int(markAt[k]) < digitCount && markAt[k] > 0 && markBytes[k] == markBytes[last] {
                        sameAsLast += 1
                    }
                    let after = digitCount - Int(markAt[last])
                    if kinds.nonzeroBitCount > 1 || (after != 3 && sameAsLast == 1) { decimalAt = Int(markAt[last]) }
                }
                var mantissa: UInt64 = 0
                for k in 0..<min(digitCount, 19) { mantissa = mantissa &* 10 &+ UInt64(digits[k] - 48) }
                if let value = exactDecimal(mantissa, digits: digitCount, fraction: decimalAt < 0 ? 0 : digitCount - decimalAt,
                                            negative: negative) {
                    return value
                }
                var length = 0
                if negative {
                    text[0] = UInt8(ascii: "-")
                    length = 1
                }
                for k in 0..<digitCount {
                    if k == decimalAt {
                        text[length] = UInt8(ascii: ".")
                        length += 1
                    }
                    text[length] = digits[k]
                    length += 1
                }
                return Double(String(decoding: UnsafeBufferPointer(rebasing: text[0..<length]), as: UTF8.self))
            }()
        }
    }

    /// A calendar date as `ValueFormatter.isoDate` writes it
    /// (`2025-03-14`), as seconds since the epoch at its midnight (UTC).
    static func date(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        var parts: [Int] = []
        var value = 0, digits = 0, negative = false
        for (k, b) in utf8.enumerated() {
            if b >= 48 && b <= 57 {
                value = value * 10 + Int(b - 48)
                digits += 1
                guard digits <= 6 else { return nil }
            } else if b == UInt8(ascii: "-") {
                if k == 0 { negative = true; continue }
                guard digits > 0 else { return nil }
                parts.append(value)
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        parts.append(value)
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        let year = negative ? -parts[0] : parts[0]
        return Double(daysFromCivil(year, parts[1], parts[2])) * 86_400
    }

    /// Howard Hinnant's days from civil: days since 1970-01-01.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
