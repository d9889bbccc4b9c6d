/// Reads ISO 8601 / RFC 3339 timestamps into seconds since the epoch: a
/// pure function (no shared formatter, so mapping tasks may call it at
/// once from any thread), and strict about the calendar: a date or time
/// that does not exist (`2026-02-30`, `25:61:61`) is not a date at all,
/// so the field's default applies instead of a silently shifted moment.
///
/// Accepted: `2026-08-29`, `2026-08-29T06:59:42Z`, a space instead of `T`,
/// a fraction of a second (`.5`, `.123456`), and an offset `Z`, `±hh:mm`,
/// `±hhmm` or `±hh`. A time needs an offset (local time is ambiguous).
public enum ISO8601Parser {
    public static func seconds(_ text: String) -> Double? {
        var utf8 = text.utf8[...]
        // Spaces around the text are ignored, as for numbers; nothing else is.
        while utf8.first == UInt8(ascii: " ") { utf8 = utf8.dropFirst() }
        while utf8.last == UInt8(ascii: " ") { utf8 = utf8.dropLast() }
        var reader = Reader(bytes: Array(utf8))
        guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"),
              let day = reader.digits(2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        let days = Double(daysFromCivil(year: year, month: month, day: day))
        if reader.atEnd { return days * 86_400 }
        guard reader.take("T") || reader.take("t") || reader.take(" "),
              let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2), reader.take(":"),
              let second = reader.digits(2) else { return nil }
        guard hour <= 23, minute <= 59, second <= 60 else { return nil }   // 60: a leap second
        var fraction = 0.0
        if reader.take(".") || reader.take(",") {
            var scale = 0.1
            var count = 0
            while let d = reader.digit() {
                fraction += Double(d) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        guard let offset = reader.offset(), reader.atEnd else { return nil }
        return days * 86_400 + Double(hour * 3_600 + minute * 60 + second) + fraction - Double(offset)
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
    /// days-from-civil; the inverse of `ValueFormatter.civilDate`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// A cursor over ASCII bytes.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ c: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: c) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - 48)
        }

        /// Exactly `count` digits.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                value = value * 10 + d
            }
            return value
        }

        /// `Z`, `±hh:mm`, `±hhmm` or `±hh` in seconds east of UTC.
        mutating func offset() -> Int? {
            if take("Z") || take("z") { return 0 }
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if take(":") {
                guard let m = digits(2) else { return nil }
                minutes = m
            } else if let m = digits(2) {
                minutes = m
            }
            guard minutes <= 59 else { return nil }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
