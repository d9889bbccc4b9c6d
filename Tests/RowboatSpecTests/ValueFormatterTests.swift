import Foundation
import Testing
@testable import RowboatSpec

@Suite("ValueFormatter")
struct ValueFormatterTests {
    let now: Double = 1_710_374_400  // 2024-03-14T00:00:00Z

    @Test func money() {
        #expect(ValueFormatter.money(12.5) == "12.50")
        #expect(ValueFormatter.money(0) == "0.00")
        #expect(ValueFormatter.money(1234.567) == "1234.57")
        #expect(ValueFormatter.money(-3) == "-3.00")
        #expect(FieldValue.money(7).plainText == "7.00")
    }

    @Test func isoDate() {
        #expect(ValueFormatter.isoDate(0) == "1970-01-01")
        #expect(ValueFormatter.isoDate(now) == "2024-03-14")
        #expect(ValueFormatter.isoDate(now + 86_399) == "2024-03-14")
        #expect(ValueFormatter.isoDate(now - 1) == "2024-03-13")
        #expect(ValueFormatter.isoDate(951_782_400) == "2000-02-29")
        #expect(ValueFormatter.isoDate(-1) == "1969-12-31")
        #expect(ValueFormatter.isoDate(.nan) == "?")
        #expect(ValueFormatter.isoDate(.infinity) == "?")
        #expect(ValueFormatter.isoDate(1e14) == "?")
        #expect(FieldValue.date(now).plainText == "2024-03-14")
        // Far years, both signs, as "%04d-%02d-%02d" wrote them.
        #expect(ValueFormatter.isoDate(-62_135_596_800 - 86_400) == "0000-12-31")
        for seconds in [-9e12, -5e10, -1e9, 3e9, 9e12] {
            let (y, m, d) = ValueFormatter.civilDate(fromDays: Int((seconds / 86_400).rounded(.down)))
            #expect(ValueFormatter.isoDate(seconds) == String(format: "%04d-%02d-%02d", y, m, d))
        }
        for n in [-100_000, -1_000, -999, -10, -1, 0, 7, 42, 999, 1_000, 12_345] {
            #expect(ValueFormatter.padded(n, 4) == String(format: "%04d", n))
            #expect(ValueFormatter.padded(n, 2) == String(format: "%02d", n))
        }
    }

    @Test func relative() {
        #expect(ValueFormatter.relative(now, now: now) == "just now")
        #expect(ValueFormatter.relative(now - 44, now: now) == "just now")
        #expect(ValueFormatter.relative(now - 45, now: now) == "1 min ago")
        #expect(ValueFormatter.relative(now - 300, now: now) == "5 min ago")
        #expect(ValueFormatter.relative(now - 3_600, now: now) == "1 h ago")
        #expect(ValueFormatter.relative(now - 3 * 3_600 - 120, now: now) == "3 h ago")
        #expect(ValueFormatter.relative(now - 86_399, now: now) == "23 h ago")
        #expect(ValueFormatter.relative(now - 86_400, now: now) == "1 d ago")
        #expect(ValueFormatter.relative(now - 2 * 86_400 - 100, now: now) == "2 d ago")
        #expect(ValueFormatter.relative(now - 29 * 86_400, now: now) == "29 d ago")
        #expect(ValueFormatter.relative(now - 30 * 86_400, now: now) == "2024-02-13")
        #expect(ValueFormatter.relative(now - 31 * 86_400, now: now) == "2024-02-12")
    }

    @Test func relativeEdgeCases() {
        #expect(ValueFormatter.relative(now + 86_400, now: now) == "2024-03-15")
        #expect(ValueFormatter.relative(.nan, now: now) == "?")
        #expect(CellText.relativeDate(now - 300).display(now: now) == "5 min ago")
        #expect(CellText.text("x").display(now: now) == "x")
    }
}
