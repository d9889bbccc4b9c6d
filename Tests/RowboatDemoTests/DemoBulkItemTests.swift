import Testing
@testable import RowboatDemo

/// The bulk route's items are written byte by byte (a bench's server must
/// not take the client's core): the bytes are the text the route has
/// always sent, which the benches' figures and the bulk config read.
@Suite("The demo's bulk items: the same bytes, written without text")
struct DemoBulkItemTests {
    /// The item as the route first wrote it, by string interpolation.
    static func asText(_ id: Int) -> String {
        let adjective = DemoWords.adjectives[id % DemoWords.adjectives.count]
        let noun = DemoWords.nouns[(id / DemoWords.adjectives.count) % DemoWords.nouns.count]
        let cents = (id &* 7_919) % 100_000
        return "{\"id\":\(id),\"title\":\"\(adjective) \(noun) \(id)\",\"subtitle\":\"Maker \(id % 97)\","
            + "\"price\":\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100),\"created_at\":\(1_700_000_000 - id * 60)}"
    }

    @Test func everyItemIsTheTextItAlwaysWas() {
        let ids = Array(0...2_000) + [9_999, 10_000, 99_999, 1_000_000, 12_345_678, DemoBulkRoute.maxItems]
        for id in ids {
            #expect(String(decoding: DemoBulkRoute.item(id), as: UTF8.self) == Self.asText(id), "item \(id)")
        }
    }
}
