import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// `stream:` on an endpoint: what it reads, and the one-line errors.
@Suite("Config: stream")
struct StreamConfigTests {
    func parse(_ stream: String) -> (spec: StreamSpec?, error: String?) {
        let text = """
        server: http://127.0.0.1:1
        interfaces:
          feed:
            url: /feed
            \(stream)
            item: {id: id, title: name}
        """
        do {
            return (try ConfigLoader.parse(text, file: "streams.yaml").endpoint("feed")?.stream, nil)
        } catch {
            return (nil, error.description)
        }
    }

    @Test func readsModeAndKeep() {
        #expect(parse("stream: {mode: upsert, keep: 50}").spec == StreamSpec(mode: .upsert, keep: 50))
        #expect(parse("stream: {mode: append}").spec == StreamSpec(mode: .append, keep: 1000))
        #expect(parse("stream: {}").spec == StreamSpec())
        #expect(parse("stream:").spec == StreamSpec())
        #expect(parse("title: Feed") == (nil, nil), "no stream: pages")
    }

    @Test func badValuesAreOneLineErrorsWithFileLineAndKey() {
        #expect(parse("stream: {mode: upsrt}").error?.hasPrefix("streams.yaml:5:20: interfaces.feed.stream.mode: ") == true)
        #expect(parse("stream: {mode: upsrt}").error?.contains("did you mean \"upsert\"?") == true)
        #expect(parse("stream: {keep: 0}").error
                == "streams.yaml:5:20: interfaces.feed.stream.keep: keep is the number of rows a stream holds: 1 to 1000000, not 0")
        #expect(parse("stream: {keep: 2000000}").error?.contains("1 to 1000000, not 2000000") == true)
        #expect(parse("stream: {keep: lots}").error == "streams.yaml:5:20: interfaces.feed.stream.keep: expected a whole number, found \"lots\"")
        #expect(parse("stream: {mode: append, kep: 5}").error?.contains("unknown key \"kep\"; did you mean \"keep\"?") == true)
        for error in [parse("stream: {mode: upsrt}").error, parse("stream: {keep: 0}").error] {
            #expect(error?.contains("\n") == false)
        }
    }

    @Test func pagesCannotGoWithAStream() {
        #expect(parse("stream: {}\n    refresh: {every: 5s}").error
                == "streams.yaml:6:14: interfaces.feed.refresh: a stream endpoint has no pages: refresh cannot go with stream")
        #expect(parse("stream: {}\n    paging: {style: offset, param: o}").error?
                    .contains("interfaces.feed.paging: a stream endpoint has no pages: paging cannot go with stream") == true)
        #expect(parse("stream: {}\n    mode: cache-only").error?
                    .contains("interfaces.feed.mode: a stream is read from the network only: mode cache-only cannot go with stream") == true)
    }
}
