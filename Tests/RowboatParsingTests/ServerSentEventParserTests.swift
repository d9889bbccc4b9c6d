import Testing
@testable import RowboatParsing

/// One test per rule of the WHATWG "event stream interpretation".
@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
    func events(_ text: String, chunks: Int = 1) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        let bytes = Array(text.utf8)
        guard chunks > 1 else { return parser.feed(bytes) }
        return bytes.map { parser.feed([$0]) }.flatMap { $0 }
    }

    @Test func aBlankLineDispatches() {
        #expect(events("data: {\"a\":1}\n\n") == [ServerSentEvent(data: "{\"a\":1}")])
        #expect(events("data: x\n") == [], "no blank line: not dispatched")
    }

    @Test func linesEndInCRLFOrCRLFEvenSplit() {
        let expected = [ServerSentEvent(data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(data: "c")]
        #expect(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n") == expected)
        #expect(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n", chunks: 2) == expected, "byte by byte")
        #expect(events("data: a\r\ndata: b\r\n\r\n", chunks: 2) == [ServerSentEvent(data: "a\nb")],
                "a CRLF is one line end, not two, even split")
    }

    @Test func dataLinesJoinWithLF() {
        #expect(events("data: one\ndata: two\ndata:\n\n") == [ServerSentEvent(data: "one\ntwo\n")])
    }

    @Test func oneLeadingSpaceIsStrippedOnce() {
        #expect(events("data:  two spaces\n\ndata:none\n\n") == [ServerSentEvent(data: " two spaces"), ServerSentEvent(data: "none")])
    }

    @Test func aFieldWithoutColonHasAnEmptyValue() {
        #expect(events("data\ndata\n\n") == [ServerSentEvent(data: "\n")])
    }

    @Test func commentsAreIgnored() {
        #expect(events(": keep-alive\n\n:another\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func anEventWithNoDataIsNotDispatched() {
        #expect(events("event: ping\n\nid: 3\n\n") == [])
        #expect(events("event: ping\n\ndata: x\n\n") == [ServerSentEvent(data: "x")], "the type does not carry over")
    }

    @Test func eventNamesTheType() {
        #expect(events("event: tick\ndata: x\n\n") == [ServerSentEvent(type: "tick", data: "x")])
    }

    @Test func idSetsTheLastEventIDUnlessItHoldsNUL() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("id: 7\ndata: a\n\n".utf8)) == [ServerSentEvent(data: "a", lastEventID: "7")])
        #expect(parser.feed(Array("id: 8\u{0}9\ndata: b\n\n".utf8)) == [ServerSentEvent(data: "b", lastEventID: "7")])
        #expect(parser.feed(Array("data: c\n\n".utf8)) == [ServerSentEvent(data: "c", lastEventID: "7")], "the id is kept")
        #expect(parser.feed(Array("id\ndata: d\n\n".utf8)) == [ServerSentEvent(data: "d", lastEventID: "")], "an empty id resets it")
        _ = parser.feed(Array("id: 10\n\n".utf8))
        #expect(parser.lastEventID == "10", "an event with no data still sets the last event id")
        var resumed = ServerSentEventParser(lastEventID: "42")
        #expect(resumed.feed(Array("data: e\n\n".utf8)) == [ServerSentEvent(data: "e", lastEventID: "42")])
    }

    @Test func retryTakesDigitsOnly() {
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("retry: 2500\n".utf8))
        #expect(parser.retryMilliseconds == 2500)
        _ = parser.feed(Array("retry: 1.5\nretry: -1\nretry: 30s\nretry:\n".utf8))
        #expect(parser.retryMilliseconds == 2500, "not digits only: ignored")
        _ = parser.feed(Array("retry: 99999999999999999999\n".utf8))
        #expect(parser.retryMilliseconds == 999_999_999, "digits past Int: capped, not a crash")
    }

    @Test func unknownFieldsAreIgnored() {
        #expect(events("foo: bar\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func aBOMAtTheStartIsSkippedOnce() {
        var parser = ServerSentEventParser()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(parser.feed(bom + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
        #expect(parser.feed(bom + Array("data: y\n\n".utf8)) == [], "a BOM later is part of the field name")
        var split = ServerSentEventParser()
        #expect((split.feed([0xEF]) + split.feed([0xBB, 0xBF]) + split.feed(Array("data: z\n\n".utf8))) == [ServerSentEvent(data: "z")])
    }

    @Test func anEventCutOffByTheEndIsNotDispatched() {
        #expect(events("data: a\n\ndata: b") == [ServerSentEvent(data: "a")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: ".utf8) + [0xFF] + Array("\n\n".utf8)) == [ServerSentEvent(data: "\u{FFFD}")])
    }

    @Test func aHugeEventIsDroppedWholeAndCounted() {
        var parser = ServerSentEventParser(maxEventBytes: 16)
        let big = String(repeating: "x", count: 40)
        #expect(parser.feed(Array("data: \(big)\n\ndata: \(big.prefix(10))\ndata: \(big.prefix(10))\n\ndata: ok\n\n".utf8))
                == [ServerSentEvent(data: "ok")])
        #expect(parser.oversized == 2)
    }
}
