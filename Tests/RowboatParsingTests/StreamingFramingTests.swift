import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Every framing streams (issue #28, and #32 item 2): NDJSON lines and a
/// keyed object are mapped while they arrive as a plain list is, and a
/// decode costs what it keeps: a huge string keeps its first MiB, a number
/// longer than that is refused with the limit. In pieces or whole, the
/// page is the same.
@Suite("Streaming framings: NDJSON lines, keyed objects, huge strings")
struct StreamingFramingTests {
    static func endpoint(_ yaml: String) throws -> Endpoint {
        try ConfigLoader.parse("server: http://127.0.0.1:1\ninterfaces:\n  e: " + yaml, file: "s.yaml").endpoints[0]
    }

    /// `text` fed to a streaming decoder of `endpoint` in pieces of `size`.
    static func streamed(_ text: [UInt8], _ endpoint: Endpoint, contentType: String?, size: Int) throws(DataError) -> PageResult {
        var decoder = StreamingPageDecoder(decoder: PageDecoder(endpoint: endpoint))!
        guard decoder.frame(contentType: contentType) else { throw .network("cannot stream") }
        var items: [Item] = []
        var at = 0
        while at < text.count {
            let piece = Array(text[at..<min(text.count, at + size)])
            items += try piece.withUnsafeBytes { raw in Result { () throws(DataError) in try decoder.feed(raw) } }.get()
            at += size
        }
        var page = try decoder.finish(contentType: contentType, headers: [])
        page.items = items + page.items
        return page
    }

    let lines = try! endpoint("{url: /l, paging: {style: cursor, lastItemCursor: id, cursorParam: after}, response: {format: ndjson}, item: {id: id, title: title}}")

    @Test func ndjsonLinesStreamAsTheWholeBodyDecodes() throws {
        let text = "\u{FEFF}{\"id\":1,\"title\":\"one\"}\r\n\n  \t\n{\"id\":2,\"title\":\"two \\u00e9\"}\n  {\"id\":3}  \n{\"id\":4,\"title\":\"no newline at the end\"}"
        let bytes = Array(text.utf8)
        let whole = try PageDecoder(endpoint: lines).decode(body: bytes, contentType: nil)
        #expect(whole.items.map(\.id) == ["1", "2", "3", "4"])
        #expect(whole.items[1].text("title") == "two é" && whole.nextToken == "4")
        for size in [1, 2, 7, 64, 100_000] {
            #expect(try Self.streamed(bytes, lines, contentType: nil, size: size) == whole, "piece size \(size)")
        }
        // As the tree of all lines read it (the way every NDJSON body went before).
        let root = try ResponseFraming.parseLines(ResponseFraming.strippingPrefix(bytes))
        #expect(try PageDecoder(endpoint: lines).decode(root: root) == whole)
    }

    @Test func aBadLineIsNamedByItsNumberInPiecesAndWhole() {
        let text = Array("{\"id\":1}\n{\"id\":2}\n\n{\"id\": tru}\n{\"id\":5}\n".utf8)
        let expected = DataError.notJSON(contentType: "application/x-ndjson", firstBytes: "line 4: \"{\"id\": tru}\"")
        #expect(throws: expected) { try PageDecoder(endpoint: lines).decode(body: text, contentType: "application/x-ndjson") }
        #expect(throws: expected) { try Self.streamed(text, lines, contentType: "application/x-ndjson", size: 5) }
        // Two values on one line are no line of NDJSON, even if their array would read.
        let two = Array("{\"id\":1}\n{\"id\":2}, {\"id\":3}\n".utf8)
        #expect(throws: DataError.notJSON(contentType: nil, firstBytes: "line 2: \"{\"id\":2}, {\"id\":3}\"")) {
            try PageDecoder(endpoint: lines).decode(body: two, contentType: nil)
        }
    }

    @Test func anEmptyNDJSONBodyIsAnEmptyPage() throws {
        for body in ["", "\n", "  \r\n\n"] {
            let page = try PageDecoder(endpoint: lines).decode(body: Array(body.utf8), contentType: nil)
            #expect(page.items.isEmpty && page.nextToken == nil, "\(body.debugDescription)")
        }
        // Also through the tree path (a list below the lines), and for `auto` by the content type.
        let nested = try Self.endpoint("{url: /n, response: {format: ndjson, list: \"[*].items\"}, item: {title: t}}")
        #expect(try PageDecoder(endpoint: nested).decode(body: [], contentType: nil).items.isEmpty)
        let auto = try Self.endpoint("{url: /a, item: {title: t}}")
        #expect(try PageDecoder(endpoint: auto).decode(body: [], contentType: "application/x-ndjson").items.isEmpty)
        #expect(throws: DataError.emptyResponse) { try PageDecoder(endpoint: auto).decode(body: [], contentType: "application/json") }
    }

    @Test func onlyEndpointsWhosePagingReadsNothingButTheLastItemStreamLines() throws {
        func fits(_ yaml: String) throws -> Bool { StreamingPageDecoder.linesCanStream(try Self.endpoint(yaml)) }
        #expect(try fits("{url: /a, response: {format: ndjson}, item: {title: t}}"))
        #expect(try fits("{url: /a, paging: {style: page}, response: {format: ndjson}, item: {title: t}}"))
        #expect(try !fits("{url: /a, paging: {style: cursor, nextCursor: next}, response: {format: ndjson}, item: {title: t}}"))
        #expect(try !fits("{url: /a, paging: {style: page, totalPages: \"[0].pages\"}, response: {format: ndjson}, item: {title: t}}"))
        #expect(try !fits("{url: /a, response: {format: ndjson, list: \"[0].items\"}, item: {title: t}}"))
        #expect(try !fits("{url: /a, response: {format: ndjson, success: \"[0].ok\"}, item: {title: t}}"))
        // The tree path still reads such a body, numbers exact.
        let nested = try Self.endpoint("{url: /n, response: {format: ndjson, list: \"[*].items\"}, item: {id: id, title: t}}")
        let page = try PageDecoder(endpoint: nested).decode(body: Array("{\"items\":[{\"id\":18446744073709551616}]}\n".utf8),
                                                            contentType: nil)
        #expect(page.items.map(\.id) == ["18446744073709551616"])
    }

    let keyed = try! endpoint("{url: /k, response: {keyed: true, list: data}, item: {id: $key, title: t}}")

    @Test func aKeyedObjectStreamsInTheServersOrder() throws {
        let members = (0..<40).map { "\"k\($0)\": {\"t\": \"item \($0)\"}" }.joined(separator: ", ")
        let text = Array("{\"data\": {\(members)}, \"after\": {\"k\": 1}}".utf8)
        let whole = try PageDecoder(endpoint: keyed).decode(body: text, contentType: nil)
        #expect(whole.items.map(\.id) == (0..<40).map { "k\($0)" })
        for size in [1, 9, 64, 100_000] {
            #expect(try Self.streamed(text, keyed, contentType: nil, size: size) == whole, "piece size \(size)")
        }
        // A keyed list at the root, as Firebase sends it.
        let root = try Self.endpoint("{url: /r, response: {keyed: true}, item: {id: $key, title: t}}")
        let rootText = Array("{\"b\": {\"t\": \"B\"}, \"a\": {\"t\": \"A\"}}".utf8)
        #expect(try Self.streamed(rootText, root, contentType: nil, size: 3).items.map(\.id) == ["b", "a"])
        // Decoded whole, a repeated key keeps its last value at its first place, as before.
        let repeated = try PageDecoder(endpoint: keyed).decode(
            body: Array("{\"data\": {\"a\": {\"t\": \"1\"}, \"b\": {\"t\": \"2\"}, \"a\": {\"t\": \"3\"}}}".utf8), contentType: nil)
        #expect(repeated.items.map { "\($0.id)=\($0.text("title"))" } == ["a=3", "b=2"])
    }

    @Test func aHugeStringKeepsItsFirstMiBAndTheScannerStaysSmall() throws {
        let endpoint = try Self.endpoint("{url: /h, response: {list: \"\"}, item: {id: id, title: title, subtitle: s}}")
        for piece in ["HUGE", "é😀ü", #"\"\\\n\u00e9\ud83d\ude00"#] {
            let repeats = (3 << 20) / piece.utf8.count
            let text = Array(("[{\"id\":1,\"title\":\"" + String(repeating: piece, count: repeats) + "\",\"s\":\"after\"},{\"id\":2,\"title\":\"two\"}]").utf8)
            // One parse of the whole body (a body this large is otherwise read in pieces too).
            let whole = try PageDecoder(endpoint: endpoint).decode(body: text, contentType: nil, headers: [], inPieces: false)
            #expect(try PageDecoder(endpoint: endpoint).decode(body: text, contentType: nil) == whole)
            #expect(whole.items.map(\.id) == ["1", "2"] && whole.items[0].text("subtitle") == "after")
            #expect(whole.items[0].text("title").count == Sanitizer.defaultLimit, "\(piece)")
            for size in [4093, 65_536] {
                #expect(try Self.streamed(text, endpoint, contentType: nil, size: size) == whole, "\(piece) in pieces of \(size)")
            }
            // The scanner never holds much more than the limit.
            var scanner = try #require(JSONListScanner(path: JSONPath("")!))
            var largest = 0
            var at = 0
            while at < text.count {
                _ = Array(text[at..<min(text.count, at + 65_536)]).withUnsafeBytes { scanner.feed($0) }
                largest = max(largest, scanner.buffer.count)
                at += 65_536
            }
            #expect(largest < JSONTapeNode.textLimit + 2 * 65_536, "\(piece): \(largest) bytes kept")
        }
    }

    @Test func aLargeBodyIsReadInPiecesAsTheWholeParseReadsIt() throws {
        // Over `PageDecoder.pieceBytes`: an envelope, a keyed object, and one whose list is not where the path says.
        let items = (0..<30_000).map { #"{"id": \#($0), "title": "item \#($0) &amp; more", "price": "\#($0).5"}"# }
        let envelope = Array((#"{"code": 200, "msg": "ok", "datas": {"list": ["# + items.joined(separator: ", ")
            + #"], "totalPage": 3, "total": 90000}}"#).utf8)
        let demo = PageDecoder(endpoint: PageDecoderTests().endpoint)
        #expect(envelope.count > PageDecoder.pieceBytes)
        let whole = try demo.decode(body: envelope, contentType: nil, headers: [], inPieces: false)
        #expect(whole.items.count == 30_000 && whole.totalCount == 90_000)
        #expect(try demo.decode(body: envelope, contentType: nil) == whole)
        let members = (0..<40_000).map { "\"k\($0)\": {\"t\": \"item \($0)\"}" }.joined(separator: ", ")
        let keyedBody = Array("{\"data\": {\(members)}}".utf8)
        let keyedWhole = try PageDecoder(endpoint: keyed).decode(body: keyedBody, contentType: nil, headers: [], inPieces: false)
        #expect(keyedWhole.items.count == 40_000)
        #expect(try PageDecoder(endpoint: keyed).decode(body: keyedBody, contentType: nil) == keyedWhole)
        // Not where the path says: read whole, the mismatch named as always.
        let elsewhere = Array(String(decoding: envelope, as: UTF8.self).replacingOccurrences(of: "\"list\"", with: "\"other\"").utf8)
        #expect(throws: DataError.mappingMismatch(path: "datas.list", found: "nothing")) {
            try demo.decode(body: elsewhere, contentType: nil)
        }
        // Broken at the end: the whole body's own error line.
        let broken = Array(envelope.dropLast(3))
        var expected: DataError?
        do { _ = try demo.decode(body: broken, contentType: "application/json", headers: [], inPieces: false) } catch { expected = error }
        #expect(expected != nil)
        #expect(throws: expected!) { try demo.decode(body: broken, contentType: "application/json") }
    }

    @Test func theCutNeverSplitsACharacterOrAnEscape() {
        func cut(_ text: String) -> String {
            let bytes = Array(text.utf8)
            let at = bytes.withUnsafeBufferPointer { JSONStringCut.lastBoundary(in: $0, from: 0, to: JSONTapeNode.textLimit) }
            return String(decoding: bytes[..<at], as: UTF8.self)
        }
        let limit = JSONTapeNode.textLimit
        let plain = String(repeating: "a", count: limit + 10)
        #expect(cut(plain).utf8.count == limit)
        // A two-byte character across the limit is left out whole.
        #expect(cut(String(repeating: "a", count: limit - 1) + "é" + "bbbb").utf8.count == limit - 1)
        // Escapes reaching the limit, a surrogate pair among them, are left out whole.
        for tail in [#"\n"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\\"#, #"\""#] {
            for shift in 0..<14 {
                let text = String(repeating: "a", count: limit - shift) + tail + String(repeating: "z", count: 20)
                let kept = cut(text)
                #expect((try? JSONTape.tree(Array(("\"" + kept + "\"").utf8)[...])) != nil, "\(tail) at \(shift)")
                #expect(kept.utf8.count <= limit && kept.utf8.count >= limit - 12)
            }
        }
    }

    @Test func aNumberLongerThanTheLimitEndsTheStreamWithTheLimit() {
        let digits = String(repeating: "9", count: JSONTapeNode.textLimit + 1)
        let list = try! Self.endpoint("{url: /n, response: {list: \"\"}, item: {id: id, title: t}}")
        #expect(throws: DataError.numberTooLong(limit: JSONTapeNode.textLimit)) {
            try Self.streamed(Array("[{\"id\":1,\"n\":\(digits)}]".utf8), list, contentType: nil, size: 65_536)
        }
        #expect(throws: DataError.numberTooLong(limit: JSONTapeNode.textLimit)) {
            try Self.streamed(Array("{\"id\":1,\"n\":\(digits)}\n".utf8), lines, contentType: nil, size: 65_536)
        }
    }
}
