import Foundation
import Testing
@testable import RowboatSpec

@Suite("ISO8601Parser")
struct ISO8601ParserTests {
    let t: Double = 1_710_374_400  // 2024-03-14T00:00:00Z

    @Test func acceptsTheUsualForms() {
        #expect(ISO8601Parser.seconds("2024-03-14") == t)
        #expect(ISO8601Parser.seconds("2024-03-14T00:00:00Z") == t)
        #expect(ISO8601Parser.seconds("2024-03-14t00:00:00z") == t)
        #expect(ISO8601Parser.seconds("2024-03-14 00:00:00Z") == t)
        #expect(ISO8601Parser.seconds("2024-03-14T08:00:00+08:00") == t)
        #expect(ISO8601Parser.seconds("2024-03-14T08:00:00+0800") == t)
        #expect(ISO8601Parser.seconds("2024-03-13T19:30:00-04:30") == t)
        #expect(ISO8601Parser.seconds("2024-03-14T08:00:00+08") == t)
        #expect(ISO8601Parser.seconds("2024-03-14T00:00:00.5Z") == t + 0.5)
        #expect(ISO8601Parser.seconds("2024-03-14T00:00:00.123456Z")! - t - 0.123456 < 1e-6)
        #expect(ISO8601Parser.seconds(" 2024-03-14T00:00:00Z ") == t)
        #expect(ISO8601Parser.seconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Parser.seconds("1969-12-31T23:59:59Z") == -1)
        #expect(ISO8601Parser.seconds("2000-02-29") == 951_782_400)
        #expect(ISO8601Parser.seconds("2016-12-31T23:59:60Z") == 1_483_228_800)   // a leap second
    }

    /// Dates that do not exist are not dates: they are not moved to a
    /// nearby real one (Foundation's formatter made 2026-02-30T25:61:61Z
    /// into 2026-03-03).
    @Test(arguments: ["2026-02-30T25:61:61Z", "2026-02-30", "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10",
                      "2026-04-31", "2026-01-00", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z",
                      "2026-01-01T23:59:61Z", "2026-01-01T10:00:00+24:00", "2026-01-01T10:00:00+01:60"])
    func rejectsImpossibleDates(text: String) {
        #expect(ISO8601Parser.seconds(text) == nil)
    }

    @Test(arguments: ["", "yesterday", "2024-3-14", "2024-03-14T00:00Z", "2024-03-14T00:00:00", "2024-03-14T00:00:00.Z",
                      "2024-03-14T00:00:00Zjunk", "24-03-14", "2024/03/14", "2024-03-14T", "２０２４-03-14",
                      "2024-03-14T00:00:00+8"])
    func rejectsWhatIsNotATimestamp(text: String) {
        #expect(ISO8601Parser.seconds(text) == nil)
    }

    /// Every day from 1900 to 2100 round-trips with the calendar formatter.
    @Test func agreesWithTheCalendarOverTwoCenturies() {
        var seconds = ISO8601Parser.seconds("1900-01-01")!
        let end = ISO8601Parser.seconds("2100-12-31")!
        while seconds <= end {
            #expect(ISO8601Parser.seconds(ValueFormatter.isoDate(seconds)) == seconds)
            seconds += 86_400
        }
    }

    /// Mapping tasks parse at once from many threads; the parser shares no
    /// state, so every answer is right.
    @Test func manyThreadsAtOnce() async {
        let texts = (0..<2_000).map { i in ISOTimestamp.string(t + Double(i) * 3_601.5)! }
        await withTaskGroup(of: Bool.self) { group in
            for chunk in stride(from: 0, to: texts.count, by: 100) {
                group.addTask {
                    (chunk..<chunk + 100).allSatisfy { ISO8601Parser.seconds(texts[$0]) == t + Double($0) * 3_601.5 }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
