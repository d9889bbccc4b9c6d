import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Config/streams.yaml: a market tab of upserts and a log tab of appends.
@Suite("Config/streams.yaml")
struct StreamsConfigFileTests {
    @Test func loadsWithAStreamTabEach() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config/streams.yaml")
        let config = try ConfigLoader.parse(try String(contentsOf: url, encoding: .utf8), file: "Config/streams.yaml")
        #expect(config.endpoints.map(\.key) == ["market", "log"])
        #expect(config.endpoint("market")?.stream == StreamSpec(mode: .upsert, keep: 100))
        #expect(config.endpoint("log")?.stream == StreamSpec(mode: .append, keep: 1000))
    }
}
