import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Bugs the first test pass found in RowboatCore, each pinned by a test so
/// it stays fixed.
@Suite("Regressions: bugs found and fixed in RowboatCore")
struct RegressionTests {
    /// ValueFormatter.swift:27 rounds minutes, so 59.5…59.99 minutes ago reads
    /// "60 min ago" instead of "59 min ago" (or "1 h ago").
    @Test func relativeNeverSaysSixtyMinutes() {
        let now: Double = 1_710_374_400
        for delta: Double in [3_570, 3_590, 3_599] {
            let text = ValueFormatter.relative(now - delta, now: now)
            #expect(text == "59 min ago" || text == "1 h ago", "\(delta) s ago → \(text)")
        }
    }

    /// RequestBuilder.swift:60-61 appends endpoint headers after the config's
    /// headers without replacing a header of the same name, so both are sent.
    @Test func endpointHeaderReplacesConfigHeaderOfTheSameName() {
        let endpoint = Endpoint(key: "e", url: "/e", headers: ["Authorization": "Bearer endpoint"],
                                item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let config = RowboatConfig(source: "c", server: "http://x",
                                   communication: Communication(headers: ["Authorization": "Bearer global"]),
                                   endpoints: [endpoint])
        let spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: .first)
        let values = spec.headers.filter { $0.0.lowercased() == "authorization" }.map(\.1)
        #expect(values == ["Bearer endpoint"])
    }

    /// Sanitizer.swift:21,43 (clean) and 58-77 (isClean) count Unicode scalars, not characters as the
    /// doc comment (line 10) says: a 3-character string with skin-tone emoji is
    /// cut to "👍🏽👍" under a 3-character cap, splitting a grapheme.
    @Test func capCountsCharactersNotScalars() {
        let thumbs = "👍🏽👍🏽👍🏽"
        #expect(thumbs.count == 3)
        #expect(Sanitizer.clean(thumbs, limit: 3) == thumbs)
        #expect(Sanitizer.clean("🇺🇸🇫🇷", limit: 3) == "🇺🇸🇫🇷")
    }
}
