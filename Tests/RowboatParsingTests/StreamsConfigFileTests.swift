import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Config/streams.yaml: a market tab of upserts, a log tab of appends and
/// a ticker tab over a WebSocket.
@Suite("Config/streams.yaml")
struct StreamsConfigFileTests {
    @Test func loadsWithAStreamTabEach() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config/streams.yaml")
        let config = try ConfigLoader.parse(try String(contentsOf: url, encoding: .utf8), file: "Config/streams.yaml")
        #expect(config.endpoints.map(\.key) == ["market", "log", "ticker"])
        #expect(config.endpoint("market")?.stream == StreamSpec(mode: .upsert, keep: 100))
        #expect(config.endpoint("log")?.stream == StreamSpec(mode: .append, keep: 1000))
        let ticker = try #require(config.endpoint("ticker")?.stream)
        #expect(ticker.webSocket && ticker.mode == .upsert && ticker.keep == 100)
        #expect(try ticker.subscribe?.message(params: [:])
                == #"{"channel":"market","op":"subscribe","symbols":["ACME","BOLT","CRAB","DUNE","ECHO","FERN"]}"#)
    }
}
