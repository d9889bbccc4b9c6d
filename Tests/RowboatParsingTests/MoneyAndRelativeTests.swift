import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Money grouped in the user's locale with an optional currency, and the
/// cut-off where relative dates become calendar dates.
@Suite("Money and relative dates")
struct MoneyAndRelativeTests {
    let now: Double = 1_710_374_400  // 2024-03-14T00:00:00Z

    @Test func moneyIsGroupedWithTwoDecimals() {
        let us = MoneyFormatter(locale: Locale(identifier: "en_US"))
        #expect(us.string(1_234_567.5, currency: nil) == "1,234,567.50")
        #expect(us.string(0, currency: nil) == "0.00")
        #expect(us.string(-3, currency: nil) == "-3.00")
        #expect(us.string(1_234_567.5, currency: "EUR") == "€1,234,567.50")
        #expect(us.string(1_234_567.5, currency: "JPY") == "¥1,234,568")
        let de = MoneyFormatter(locale: Locale(identifier: "de_DE"))
        #expect(de.string(1_234_567.5, currency: nil) == "1.234.567,50")
        #expect(de.string(1_234_567.5, currency: "EUR") == "1.234.567,50\u{A0}€")
    }

    /// Money is written by a template learned from Foundation (its format
    /// styles cost microseconds a value); the template gives Foundation's
    /// exact text, ties rounded half to even on the shortest digits, and a
    /// locale it cannot follow (Indian grouping, other digits) gets
    /// Foundation's text every time.
    @Test func moneyTemplatesWriteWhatFoundationWrites() {
        let cases: [(String, String?)] = [("en_US", nil), ("en_US", "EUR"), ("en_US", "JPY"), ("de_DE", "EUR"),
                                          ("fr_FR", "EUR"), ("de_CH", "CHF"), ("en_IN", nil), ("ar_EG", nil),
                                          ("en_US", "BHD")]
        var values: [Double] = [0, -0.0, 2.675, 2.665, 0.125, 0.135, 1.005, -0.005, 999.995, 9_999_999.995, 1e15, 3e-9]
        var generator = SplitMix(seed: 32)
        for _ in 0..<2_000 {
            values.append(Double(Int64(generator.next() % 200_000_001)) / 1000 - 100_000)
            values.append(Double(generator.next() % 1_000_000) / 100 + 0.005)
        }
        for (identifier, currency) in cases {
            let money = MoneyFormatter(locale: Locale(identifier: identifier))
            for value in values {
                #expect(money.string(value, currency: currency) == money.foundation(value, currency: currency),
                        "\(identifier) \(currency ?? "-") \(value)")
            }
        }
        #expect(MoneyFormatter(locale: Locale(identifier: "en_US")).template(nil) != nil)
        #expect(MoneyFormatter(locale: Locale(identifier: "en_IN")).template(nil) == nil)
    }

    /// A small seeded generator (the test's values are the same every run).
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A list's source learns its money fields' templates ahead on another
    /// thread; rows asking meanwhile wait for that one learning and get
    /// what it learned (copies of the formatter share it).
    @Test func aTemplateAskedForFromManyThreadsAtOnceIsOneSharedTemplate() async {
        let money = MoneyFormatter(locale: Locale(identifier: "de_DE"))
        let copy = money
        let templates = await withTaskGroup(of: MoneyTemplate?.self) { group in
            for i in 0..<16 { group.addTask { (i.isMultiple(of: 2) ? money : copy).template("EUR") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let learned = MoneyTemplate { money.foundation($0, currency: "EUR") }
        #expect(learned != nil)
        #expect(templates == Array(repeating: learned, count: 16))
        #expect(copy.string(1_234.5, currency: "EUR") == "1.234,50\u{A0}€")
    }

    @Test func theLocaleComesFromTheEnvironmentLikePOSIXPrograms() {
        func id(_ env: [String: String]) -> String { MoneyFormatter.locale(environment: env).identifier }
        #expect(id([:]) == "en_US")
        #expect(id(["LANG": "C.UTF-8"]) == "en_US")
        #expect(id(["LANG": "POSIX"]) == "en_US")
        #expect(id(["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(id(["LANG": "de_DE.UTF-8", "LC_MONETARY": "fr_FR.UTF-8"]) == "fr_FR")
        #expect(id(["LANG": "de_DE.UTF-8", "LC_MONETARY": "fr_FR", "LC_ALL": "en_GB.UTF-8@euro"]) == "en_GB")
        #expect(id(["LC_ALL": "", "LANG": "de_DE"]) == "de_DE")
    }

    /// The table and the browser show the grouped form; csv and json keep
    /// the plain number.
    @Test func rowsShowGroupedMoneyWhilePlainTextStaysPlain() {
        let mapping = ItemMapping(fields: [
            FieldSpec(name: "title", path: JSONPath("t")!),
            FieldSpec(name: "price", path: JSONPath("p")!, type: .money, currency: "EUR"),
            FieldSpec(name: "cost", path: JSONPath("c")!, type: .money),
        ])
        let item = Item(id: "1", values: ["title": .text("A"), "price": .money(1_234_567.5), "cost": .money(1_500)])
        let row = RowModelBuilder(mapping: mapping, money: MoneyFormatter(locale: Locale(identifier: "en_US"))).row(for: item)
        #expect(row.text("price", now: now) == "€1,234,567.50")
        #expect(row.text("cost", now: now) == "1,500.00")
        #expect(item.values["price"]?.plainText == "1234567.50")
    }

    @Test func relativeDatesTurnIntoCalendarDatesAfterTheCutOff() {
        #expect(ValueFormatter.relative(now - 29 * 86_400, now: now) == "29 d ago")
        #expect(ValueFormatter.relative(now - 30 * 86_400, now: now) == "2024-02-13")
        #expect(ValueFormatter.relative(now - 6 * 86_400, now: now, withinDays: 7) == "6 d ago")
        #expect(ValueFormatter.relative(now - 7 * 86_400, now: now, withinDays: 7) == "2024-03-07")
        #expect(ValueFormatter.relative(now - 200 * 86_400, now: now, withinDays: 365) == "200 d ago")
    }

    @Test func rowsCarryTheFieldsCutOff() {
        let mapping = ItemMapping(fields: [
            FieldSpec(name: "title", path: JSONPath("t")!),
            FieldSpec(name: "week", path: JSONPath("w")!, type: .dateSeconds, relative: true, relativeDays: 7),
            FieldSpec(name: "month", path: JSONPath("m")!, type: .dateSeconds, relative: true),
        ])
        let item = Item(id: "1", values: ["title": .text("A"), "week": .date(now - 10 * 86_400), "month": .date(now - 10 * 86_400)])
        let row = RowModelBuilder(mapping: mapping).row(for: item)
        #expect(row.text("week", now: now) == "2024-03-04")
        #expect(row.text("month", now: now) == "10 d ago")
    }

    /// Favorites stored before `relativeDays` existed still decode.
    @Test func rowsStoredBeforeTheCutOffExistedStillDecode() throws {
        let old = #"{"relativeDate":{"_0":1710374400}}"#
        let cell = try JSONDecoder().decode(CellText.self, from: Data(old.utf8))
        #expect(cell == .relativeDate(now, withinDays: nil))
        let new = try JSONEncoder().encode(CellText.relativeDate(now, withinDays: 7))
        #expect(try JSONDecoder().decode(CellText.self, from: new) == .relativeDate(now, withinDays: 7))
    }

    @Test func configReadsCurrencyAndRelativeDays() throws {
        let config = try ConfigLoader.parse("""
        server: http://x
        interfaces:
          items:
            url: /a
            item:
              title: t
              price: {path: p, type: money, currency: eur}
              when: {path: w, type: date-seconds, relative: true, relativeDays: 7}
        """, file: "test.yaml")
        let item = try #require(config.endpoint("items")).item
        #expect(item.field("price")?.currency == "EUR")
        #expect(item.field("when")?.relativeDays == 7)
        #expect(item.field("title")?.relativeDays == FieldSpec.defaultRelativeDays)
        // The YAML writer (config import) keeps both.
        let again = try ConfigLoader.parse(try ConfigYAMLWriter.yaml(config), file: "test.yaml")
        #expect(again.endpoint("items")?.item == item)
    }

    @Test(arguments: [
        ("price: {path: p, type: money, currency: euro}", 7, 47, "interfaces.items.item.price.currency",
         "currency must be an ISO 4217 code such as EUR or USD, not \"euro\""),
        ("price: {path: p, type: number, currency: EUR}", 7, 48, "interfaces.items.item.price.currency",
         "currency is for money fields (type: money)"),
        ("when: {path: w, type: date-seconds, relative: true, relativeDays: 0}", 7, 73, "interfaces.items.item.when.relativeDays",
         "relativeDays must be at least 1"),
        ("price: {path: p, type: money, curency: EUR}", 7, 37, "interfaces.items.item.price.curency",
         "unknown key \"curency\"; did you mean \"currency\"?"),
    ])
    func configMistakesNameTheKey(line: String, row: Int, column: Int, keyPath: String, message: String) throws {
        let e = try #require(ParsingFixtures.configError("""
        server: http://x
        interfaces:
          items:
            url: /a
            item:
              title: t
              \(line)
        """))
        #expect(e == ConfigError(file: "test.yaml", line: row, column: column, keyPath: keyPath, message: message))
    }
}
