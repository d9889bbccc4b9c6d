import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// A stream's events mapped as a page's items are; bad events are one
/// clear line each and the stream goes on.
@Suite("Stream item reader")
struct StreamItemReaderTests {
    static let mapping = try! ConfigLoader.parse("""
    server: http://127.0.0.1:1
    interfaces:
      market:
        url: /market
        stream: {mode: upsert}
        item:
          id: symbol
          title: name
          price: {path: price, type: number, default: "0"}
    """, file: "t.yaml").endpoint("market")!.item

    func titles(_ batch: StreamBatch) -> [String] { batch.rows.map { "\($0.id)=\($0.title)" } }

    @Test func sseEventsAreMappedItems() {
        var reader = StreamItemReader(item: Self.mapping, framing: .serverSentEvents)
        let batch = reader.feed(Array("id: 1\ndata: {\"symbol\":\"ACME\",\"name\":\"Acme\\u001b[2J\",\"price\":3}\n\n: ping\n\ndata:\n\n".utf8))
        #expect(titles(batch) == ["ACME=Acme[2J"], "sanitized: no escape reaches the terminal")
        #expect(batch.problems == [])
        #expect(reader.lastEventID == "1")
        #expect(batch.rows[0].fields["price"]?.display(now: 0) == "3")
    }

    @Test func ndjsonLinesAreItemsEvenSplit() {
        var reader = StreamItemReader(item: Self.mapping, framing: .ndjson)
        let text = "{\"symbol\":\"A\",\"name\":\"a\"}\r\n\n  \n{\"symbol\":\"B\",\"name\":\"b\"}\n{\"symbol\":\"C\""
        let batches = Array(text.utf8).map { reader.feed([$0]) }
        #expect(batches.flatMap(\.rows).map(\.id) == ["A", "B"], "a line cut off waits for its end")
        #expect(titles(reader.feed(Array(",\"name\":\"c\"}\n".utf8))) == ["C=c"])
    }

    @Test func notJSONIsOneClearLineAndTheStreamGoesOn() {
        var reader = StreamItemReader(item: Self.mapping, framing: .serverSentEvents)
        let batch = reader.feed(Array("data: hello \u{1b}]0;pwned\u{07}\n\ndata: {\"name\":\"no id\"}\n\ndata: {\"symbol\":\"OK\",\"name\":\"ok\"}\n\n".utf8))
        #expect(titles(batch) == ["OK=ok"])
        #expect(batch.problems.count == 2)
        #expect(batch.problems[0].hasPrefix("event 1 is not JSON: hello "))
        #expect(batch.problems[1].hasPrefix("event 2: mapping mismatch"))
        #expect(batch.problems.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    @Test func aHugeEventIsSkippedAndSaid() {
        var reader = StreamItemReader(item: Self.mapping, framing: .ndjson)
        let huge = "{\"symbol\":\"" + String(repeating: "x", count: StreamItemReader.maxItemBytes) + "\"}\n"
        let batch = reader.feed(Array((huge + "{\"symbol\":\"S\",\"name\":\"s\"}\n").utf8))
        #expect(titles(batch) == ["S=s"])
        #expect(batch.problems == ["event 1 skipped: larger than 1048576 bytes"])
    }

    @Test func everyCutOfTheBodyGivesTheSameRows() {
        let bytes = Array("{\"symbol\":\"A\",\"name\":\"a\"}\r\n{\"symbol\":\"B\",\"name\":\"b\"}\n\n{\"symbol\":\"C\",\"name\":\"c\"}\n".utf8)
        for cut in 0...bytes.count {
            var reader = StreamItemReader(item: Self.mapping, framing: .ndjson)
            let rows = reader.feed(bytes[..<cut]).rows + reader.feed(bytes[cut...]).rows
            #expect(rows.map(\.id) == ["A", "B", "C"], "cut at \(cut)")
        }
    }

    @Test func aLineAtTheLimitIsReadAndOnePastItSkippedOnceWhateverTheReads() {
        let event = "{\"symbol\":\"E\",\"name\":\"e\"}"
        let atLimit = event + String(repeating: " ", count: StreamItemReader.maxItemBytes - event.utf8.count)
        let past = atLimit + " "
        let body = Array((atLimit + "\n" + past + "\n{\"symbol\":\"S\",\"name\":\"s\"}\n").utf8)
        var reader = StreamItemReader(item: Self.mapping, framing: .ndjson)
        var batch = StreamBatch()
        for start in stride(from: 0, to: body.count, by: 65_536) {
            let read = reader.feed(body[start..<min(start + 65_536, body.count)])
            batch.rows += read.rows
            batch.problems += read.problems
        }
        #expect(titles(batch) == ["E=e", "S=s"])
        #expect(batch.problems == ["event 2 skipped: larger than 1048576 bytes"])
    }

    @Test func framingFromTheContentType() {
        #expect(StreamItemReader.framing(contentType: "text/event-stream; charset=utf-8") == .serverSentEvents)
        #expect(StreamItemReader.framing(contentType: "application/x-ndjson") == .ndjson)
        #expect(StreamItemReader.framing(contentType: nil) == .ndjson)
    }
}
