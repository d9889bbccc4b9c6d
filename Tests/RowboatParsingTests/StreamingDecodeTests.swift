import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("Streaming: a body decoded in pieces reads as the whole body does")
struct StreamingDecodeTests {
    /// Feeds `text` to a scanner for `path` in pieces of `size` bytes: the
    /// elements handed out (parsed) and the skeleton.
    func scan(_ text: String, path: String, size: Int) throws -> (elements: [JSONValue], skeleton: String, found: Bool) {
        let jsonPath = try #require(JSONPath(path))
        var scanner = try #require(JSONListScanner(path: jsonPath))
        let bytes = Array(text.utf8)
        var elements: [JSONValue] = []
        func add(_ batch: [UInt8]?) throws {
            guard let batch else { return }
            guard case .array(let values) = try JSONTape.tree(batch[...]) else { throw JSONTape.Failure.invalid("no array") }
            elements += values
        }
        var at = 0
        while at < bytes.count {
            let piece = bytes[at..<min(bytes.count, at + size)]
            try add(piece.withUnsafeBytes { scanner.feed($0) })
            at += size
        }
        let (rest, skeleton) = scanner.finish()
        try add(rest)
        return (elements, String(decoding: skeleton, as: UTF8.self), scanner.foundList)
    }

    let envelope = #"""
    {"code": 200, "datas": {"note": "a [tricky] \"string\" {", "l\u0069st": [1, "two", {"t": "x]}"}, [3, [4]], null, -5.5e1, true],
     "total": 6}, "after": {"list": [9]}}
    """#

    @Test func elementsAndSkeletonAtEveryPieceSize() throws {
        for size in [1, 2, 3, 7, 64, 10_000] {
            let result = try scan(envelope, path: "datas.list", size: size)
            #expect(result.found)
            #expect(result.elements == [.int(1), .string("two"), .object(["t": .string("x]}")]),
                                        .array([.int(3), .array([.int(4)])]), .null, .int(-55), .bool(true)],
                    "piece size \(size)")
            let skeleton = try JSONTape.tree(Array(result.skeleton.utf8)[...])
            #expect(skeleton == .object(["code": .int(200), "after": .object(["list": .array([.int(9)])]),
                                         "datas": .object(["note": .string(#"a [tricky] "string" {"#),
                                                           "list": .array([]), "total": .int(6)])]), "piece size \(size)")
        }
    }

    @Test func bareArraysIndicesAndScalarsAtTheEnd() throws {
        #expect(try scan("[10, 20, 30]", path: "", size: 2).elements == [.int(10), .int(20), .int(30)])
        #expect(try scan(#"{"pages": [{"items": [1]}, {"items": [2, 3]}]}"#, path: "pages[1].items", size: 1).elements
            == [.int(2), .int(3)])
        #expect(try scan("[1,2]", path: "", size: 5).skeleton == "[]")
        #expect(JSONListScanner(path: JSONPath("a[*].b")!) == nil)
        #expect(JSONListScanner(path: JSONPath("a[-1]")!) == nil)
    }

    @Test func aListThatIsNotThereStreamsNothing() throws {
        for text in [#"{"datas": {"list": null}}"#, #"{"datas": {"list": {"a": 1}}}"#, #"{"other": []}"#] {
            let result = try scan(text, path: "datas.list", size: 3)
            #expect(!result.found)
            #expect(result.elements.isEmpty)
            #expect(result.skeleton == text)
        }
    }

    /// The demo-shaped endpoint of `PageDecoderTests`, pages of 5:
    /// decoded whole and in pieces.
    let endpoint: Endpoint = {
        var endpoint = PageDecoderTests().endpoint
        endpoint.paging.size = 5
        return endpoint
    }()

    func streamed(_ text: String, size: Int) throws(DataError) -> PageResult {
        var decoder = StreamingPageDecoder(decoder: PageDecoder(endpoint: endpoint))!
        let bytes = Array(text.utf8)
        var items: [Item] = []
        var at = 0
        while at < bytes.count {
            let piece = Array(bytes[at..<min(bytes.count, at + size)])
            let result = piece.withUnsafeBytes { raw in Result { () throws(DataError) in try decoder.feed(raw) } }
            items += try result.get()
            at += size
        }
        var page = try decoder.finish(contentType: "application/json", headers: [])
        page.items = items + page.items
        return page
    }

    @Test func aStreamedPageIsThePageDecodedWhole() throws {
        let items = (1...12).map { #"{"id": \#($0), "title": "T &amp; \#($0)", "price": "\#($0).5"}"# }
        let text = #"{"code": 200, "datas": {"total": 12, "list": ["# + items.joined(separator: ",") + #"], "totalPage": 3}}"#
        let whole = try PageDecoder(endpoint: endpoint).decode(body: Array(text.utf8), contentType: "application/json")
        #expect(whole.items.count == 12)
        for size in [1, 13, 100, 100_000] {
            #expect(try streamed(text, size: size) == whole, "piece size \(size)")
        }
    }

    @Test func errorsAreTheOnesOfAWholeDecode() {
        let failed = #"{"code": 500, "msg": "database down", "datas": {"list": []}}"#
        #expect(throws: DataError.server(message: "database down")) { try streamed(failed, size: 4) }
        let noID = #"{"code": 200, "datas": {"list": [{"id": 1}, {"title": "no id"}]}}"#
        #expect(throws: DataError.mappingMismatch(path: "datas.list[1].id", found: "nothing")) { try streamed(noID, size: 4) }
        let broken = #"{"code": 200, "datas": {"list": [{"id": 1}, {"id": tru}]}}"#
        #expect(throws: DataError.self) { try streamed(broken, size: 4) }
        let deep = #"{"code": 200, "datas": {"list": ["# + String(repeating: "[", count: 600)
        #expect(throws: DataError.nestedTooDeep(limit: JSONDepthLimit.maxDepth)) { try streamed(deep, size: 50) }
    }

    @Test func theScannerKeepsOnlyWhatItHasNotHandedOut() throws {
        var scanner = try #require(JSONListScanner(path: JSONPath("datas.list")!))
        let element = Array(#"{"id": 1, "title": "an element of some forty bytes"}"#.utf8)
        let piece = Array(repeating: element + [UInt8(ascii: ",")], count: 1_000).joined()
        var largest = 0, count = 0
        let head = Array(#"{"code": 200, "datas": {"list": ["#.utf8)
        _ = head.withUnsafeBytes { scanner.feed($0) }
        for _ in 0..<100 {  // 100 pieces of 1,000 elements: about 5 MB
            if let batch = Array(piece).withUnsafeBytes({ scanner.feed($0) }) {
                count += try #require(try JSONTape.tree(batch[...]).arrayCount)
            }
            largest = max(largest, scanner.buffer.count)
        }
        let last = Array(element + Array("]}}".utf8)).withUnsafeBytes { scanner.feed($0) }
        let (rest, skeleton) = scanner.finish()
        for batch in [last, rest].compactMap({ $0 }) { count += try #require(try JSONTape.tree(batch[...]).arrayCount) }
        #expect(count == 100_001)
        #expect(largest < element.count + 1, "at most the element being scanned is kept between pieces")
        #expect(String(decoding: skeleton, as: UTF8.self) == #"{"code": 200, "datas": {"list": []}}"#)
    }
}

private extension JSONValue {
    var arrayCount: Int? {
        if case .array(let values) = self { return values.count }
        return nil
    }
}
