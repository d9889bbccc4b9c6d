import CSimdJSON
import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Numbers stay exact (issue #28): a valid page with an integer past 64
/// bits, 2^64, 1e400 or a long decimal is read, and every number read from
/// it is shown and sent back as the server's value (integers with their
/// digits), while ordinary pages keep simdjson's DOM path.
@Suite("Exact numbers: read, shown and sent back as the server wrote them")
struct ExactNumberTests {
    func tree(_ text: String, exactPath: Bool = false) throws -> JSONValue {
        try JSONTape.tree(Array(text.utf8)[...], exactPath: exactPath)
    }

    @Test func numbersPastSixtyFourBitsAndADoublesRangeAreKeptAsTheirText() throws {
        let text = """
        [18446744073709551615, 18446744073709551616, -9223372036854775809, 12345678901234567890123,
         1e400, -1E400, 1e-400, 0.1e99999999999999999999, 1.00000000000000000001, 123.456789012345678901,
         9223372036854775807, -9223372036854775808, 0.1, 19.90, 1.0, -0.0, 2.5e-5, 1e22, 5e-324]
        """
        let expected: [JSONValue] = [
            .numberText("18446744073709551615"), .numberText("18446744073709551616"),
            .numberText("-9223372036854775809"), .numberText("12345678901234567890123"),
            .numberText("1e400"), .numberText("-1E400"), .numberText("1e-400"), .numberText("0.1e99999999999999999999"),
            .numberText("1.00000000000000000001"), .numberText("123.456789012345678901"),
            .int(.max), .int(.min), .double(0.1), .double(19.9), .int(1), .int(0), .double(2.5e-5), .double(1e22),
            .double(5e-324),
        ]
        #expect(try tree(text) == .array(expected))
        #expect(try tree(text, exactPath: true) == .array(expected))
        // Each agrees with the Swift statement of the same rules.
        for case .numberText(let t) in expected { #expect(JSONNumberText.jsonValue(t) == .numberText(t), "\(t)") }
        // A scalar document, and one number deep in an ordinary envelope.
        #expect(try tree("12345678901234567890123") == .numberText("12345678901234567890123"))
        #expect(try tree(#"{"a": {"b": [{"c": "x", "d": 1e400}]}, "e": "\u00e9"}"#)
            == .object(["a": .object(["b": .array([.object(["c": .string("x"), "d": .numberText("1e400")])])]),
                        "e": .string("é")]))
    }

    @Test func theExactReaderAndTheDOMReaderAgreeOnOrdinaryDocuments() throws {
        let texts = [
            #"[1, 1.0, 1e2, -0.0, 1.5, true, false, null, "x", 12345678901234567890, -9223372036854775808]"#,
            #"{"a": {"b": [1, {"c": "d"}]}, "e": "\u00e9\ud83d\ude80", "f": "tab\tnl\n", "g": {}, "h": []}"#,
            #""only a string""#, "7", "  [ ]  ", "null", "true", "-12.5e-3",
            #"{"code":200,"datas":{"list":[{"id":1,"title":"A &amp; B","price":"9.5","n":0.30000000000000004}]}}"#,
            #"{"b": 1, "a": 2, "b": 3}"#,
            // A root scalar with more whitespace after it than On-Demand's root buffer holds (found by FuzzNumbers).
            "true          ", "false\r\r\r\r\r\r\r\r\r\r", "null\n\n\n\n\n\n\n\n", "\t1\t\t\t\t\t\t",
            #""s"          "#, "-1.5" + String(repeating: " ", count: 2_000), "123456789012345678901234" + String(repeating: " ", count: 2_000),
        ]
        for text in texts {
            #expect(try tree(text, exactPath: true) == tree(text), "\(text)")
        }
        // A repeated key keeps its last value at its first place on both tapes.
        let keys = try JSONTape.withDocument(Array(#"{"b": 1, "a": 1e400, "b": 3}"#.utf8)[...], exactPath: true) {
            (root: JSONTapeNode) throws(Never) in root.orderedMembers!.map { "\($0.key)=\($0.value.scalar!.scalarText!)" }
        }
        #expect(keys == ["b=3", "a=1e400"])
    }

    @Test func aDocumentWithoutStringsReadsOnAFreshParser() throws {
        // Found by FuzzNumbers: "6" on a parser that never held a string
        // gave a tape without a string buffer (a null pointer).
        let parser = JSONTape.Parser()
        var document = rb_json_document()
        var message: UnsafePointer<CChar>?
        let code = Array("6".utf8).withUnsafeBufferPointer {
            rb_json_parse_exact(parser.pointer, $0.baseAddress!, $0.count, &document, &message)
        }
        #expect(code == Int32(RB_JSON_OK))
        #expect(document.strings != nil)
        #expect(try tree("6", exactPath: true) == .int(6))
    }

    @Test func anIntegerWrittenWithAnExponentPastTwoToThe53KeepsItsValueNotADoublesDigits() throws {
        // Found by FuzzNumbers: 112925678901567e3 is 112925678901567000; the
        // nearest double's digits are 112925678901567008, which .int showed.
        for text in ["[112925678901567e3]", "[112925678901567e3, 0.123456789012345678901]"] {
            for exactPath in [false, true] {
                guard case .array(let values) = try tree(text, exactPath: exactPath) else { Issue.record("no array"); continue }
                #expect(values[0] == .double(112925678901567e3), "\(text) exact path \(exactPath)")
            }
        }
        #expect(JSONNumberText.jsonValue("112925678901567e3") == .double(112925678901567e3))
        #expect(try tree("[1e17, 9007199254740991.0, 9007199254740992.0]")
            == .array([.double(1e17), .int(9_007_199_254_740_991), .double(9_007_199_254_740_992)]))
        let endpoint = Endpoint(key: "e", url: "/e", response: ResponseShape(listPath: JSONPath("")!),
                                item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("n")!),
                                                           FieldSpec(name: "count", path: JSONPath("n")!, type: .int)]))
        let item = try #require(try PageDecoder(endpoint: endpoint).decode(body: Array(#"[{"n": 112925678901567e3}]"#.utf8),
                                                                          contentType: nil).items.first)
        #expect(item.text("title") == "1.12925678901567e+17")
        #expect(item.values["count"] == .numberText("1.12925678901567e+17"))
    }

    @Test func brokenNumbersAndBrokenDocumentsAreStillRefused() {
        for text in ["[01]", "[1.]", "[-]", "[1e]", "[.5]", "[+1]", "[1e400] x", "[1e400,]", #"[1e400, "\x"]"#,
                     "12345678901234567890123 4", "[NaN]", "[Infinity]", "[0x10]", "[1e400"] {
            #expect(throws: JSONTape.Failure.self, "\(text)") { try tree(text) }
        }
        #expect(throws: JSONTape.Failure.self) { try JSONTape.tree([0x5B, 0x31, 0x65, 0x34, 0x30, 0x30, 0x2C, 0x22, 0xC3, 0x28, 0x22, 0x5D][...]) }
    }

    @Test func theDepthLimitHoldsOnTheExactPathToo() throws {
        let limit = JSONDepthLimit.maxDepth
        let atLimit = String(repeating: "[", count: limit) + "1e400" + String(repeating: "]", count: limit)
        var value = try tree(atLimit)
        var depth = 0
        while case .array(let inner) = value {
            depth += 1
            value = inner.first ?? .null
        }
        #expect(depth == limit && value == .numberText("1e400"))
        #expect(throws: JSONTape.Failure.tooDeep) { try tree("[" + atLimit + "]") }
    }

    @Test func aNumberLongerThanTheLimitIsRefusedWithTheLimit() throws {
        let digits = String(repeating: "7", count: JSONTapeNode.textLimit)
        #expect(try tree("[" + digits + "]") == .array([.numberText(digits)]))
        #expect(throws: JSONTape.Failure.numberTooLong) { try tree("[" + digits + "1]") }
        #expect(throws: JSONTape.Failure.numberTooLong) { try tree("[0." + digits + "]") }
        let endpoint = Endpoint(key: "e", url: "/e", response: ResponseShape(listPath: JSONPath("")!),
                                item: ItemMapping(fields: [FieldSpec(name: "n", path: JSONPath("n")!)]))
        #expect(throws: DataError.numberTooLong(limit: JSONTapeNode.textLimit)) {
            try PageDecoder(endpoint: endpoint).decode(body: Array(#"[{"n": "# .utf8) + Array((digits + "1}]").utf8),
                                                       contentType: nil)
        }
        #expect(DataError.numberTooLong(limit: 1_048_576).description
            == "JSON number longer than 1048576 characters (the limit)")
    }

    @Test func jsonTextWritesANumberTextAsIsAndEverythingElseAsJSONEncoderDid() throws {
        let value: JSONValue = .object(["search_after": .array([.numberText("18446744073709551615"),
                                                                .numberText("0.1000000000000000055511151231257827"),
                                                                .string("h3"), .double(1.5), .int(-2)])])
        #expect(value.jsonText == #"{"search_after":[18446744073709551615,0.1000000000000000055511151231257827,"h3",1.5,-2]}"#)
        #expect(JSONValue.numberText("1e400").jsonText == "1e400")
        #expect(JSONValue.numberText("12 monkeys").jsonText == nil)
        #expect(JSONValue.double(.infinity).jsonText == nil)
        // Everything the old writer (JSONEncoder, sorted keys, slashes as is) could write comes out byte for byte.
        var random = SystemRandomNumberGenerator()
        let strings = ["", "a/b", "quote\" back\\ nl\n tab\t cr\r bs\u{8} ff\u{c} nul\u{0} x1f\u{1f} del\u{7f} c1\u{85}",
                       "u2028\u{2028} emoji😀 é e\u{301}", "\u{FEFF}", "1", "10", "2", "A", "_", "~", "ä"]
        let doubles = [1.5, 3.0, 1e16, 1e15, 123456789012345.0, 1e-7, 0.1, -0.0, 5e-324, 1.7976931348623157e308, 1e22,
                       12345678.9, 100.0, 2.5e-5, -3.25, 0.30000000000000004]
        func make(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .int(Int64.random(in: .min ... .max, using: &random))
            case 3: return .double(doubles.randomElement(using: &random)!)
            case 4: return .string(strings.randomElement(using: &random)!)
            case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in make(depth + 1) })
            default:
                var object: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    object[strings.randomElement(using: &random)! + String(Int.random(in: 0...20, using: &random))] = make(depth + 1)
                }
                return .object(object)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for _ in 0..<500 {
            let value = make(0)
            let old = try encoder.encode(EncodedValue(value))
            #expect(value.jsonBytes == Array(old), "\(value)")
        }
    }

    /// The page the number routes of the hostile server send, decoded by
    /// an endpoint that maps each number as text, int, number and money.
    let bigPage = """
    {"code":200,"msg":"ok","datas":{"list":[
      {"id":12345678901234567890123,"title":"A","n":18446744073709551615,"price":1e400},
      {"id":18446744073709551616,"title":"B","n":-9223372036854775809,"price":0.1000000000000000055511151231257827},
      {"id":-1,"title":"C","n":9223372036854775807,"price":19.90},
      {"id":2,"title":"D","n":1.00000000000000000001,"price":-1e400}
    ],"page":1,"totalPage":1,"total":123456789012345678901234567890}}
    """

    @Test func fieldsKeepTheDigitsAndArithmeticTakesAFieldOnlyWhereTheConfigAsksForANumber() throws {
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          big:
            url: /numbers/big
            paging: {style: page, totalPages: datas.totalPage, totalCount: datas.total}
            response: {list: datas.list, success: code, successValues: [200]}
            item: {id: id, title: title, n: n, count: {path: n, type: int}, amount: {path: n, type: number},
                   price: {path: price, type: money}, when: {path: n, type: date-seconds}}
        """, file: "big.yaml")
        let page = try PageDecoder(endpoint: config.endpoints[0]).decode(body: Array(bigPage.utf8),
                                                                         contentType: "application/json")
        #expect(page.items.map(\.id) == ["12345678901234567890123", "18446744073709551616", "-1", "2"])
        #expect(page.items.map { $0.text("n") }
            == ["18446744073709551615", "-9223372036854775809", "9223372036854775807", "1.00000000000000000001"])
        #expect(page.items.map { $0.values["count"] } == [.numberText("18446744073709551615"),
                                                          .numberText("-9223372036854775809"),
                                                          .int(.max), .missing])
        #expect(page.items.map { $0.values["amount"] } == [.numberText("18446744073709551615"),
                                                           .numberText("-9223372036854775809"),
                                                           .numberText("9223372036854775807"),
                                                           .numberText("1.00000000000000000001")])
        // Money is formatted from a double when one holds the amount; 1e400 stays as written.
        #expect(page.items.map { $0.values["price"] } == [.numberText("1e400"), .money(0.1), .money(19.9),
                                                          .numberText("-1e400")])
        #expect(page.items[0].values["when"] == .date(18446744073709551615))
        // A total past 64 bits is no page count.
        #expect(page.totalCount == nil && page.totalPages == 1)
        // Every format fetch prints: the digits as they came.
        #expect(JSONItemEncoder.value(.numberText("18446744073709551615")) == "18446744073709551615")
        #expect(JSONItemEncoder.value(.numberText("not a number")) == "\"not a number\"")
        #expect(DelimitedFormatter.text(.numberText("-9223372036854775809")) == "-9223372036854775809")
        let row = RowModelBuilder(mapping: config.endpoints[0].item).row(for: page.items[0])
        #expect(row.id == "12345678901234567890123")
        #expect(row.text("n", now: 0) == "18446744073709551615" && row.text("count", now: 0) == "18446744073709551615")
    }

    @Test func aCursorReadFromAPageGoesBackAsTheServerWroteIt() throws {
        func endpoint(_ paging: String, list: String = "datas.list") throws -> Endpoint {
            try ConfigLoader.parse("""
            server: http://127.0.0.1:1
            interfaces:
              e: {url: /e, paging: \(paging), response: {list: "\(list)"}, item: {id: id, title: title}}
            """, file: "c.yaml").endpoints[0]
        }
        let body = Array(#"{"datas":{"list":[{"id":12345678901234567890123,"title":"x","sort":[18446744073709551615,0.1000000000000000055511151231257827,"h3"]}],"next":18446744073709551615}}"#.utf8)
        func decode(_ e: Endpoint) throws -> PageResult { try PageDecoder(endpoint: e).decode(body: body, contentType: nil) }
        #expect(try decode(endpoint("{style: cursor, nextCursor: datas.next}")).nextToken == "18446744073709551615")
        #expect(try decode(endpoint("{style: cursor, nextCursor: datas.next, cursorFormat: json}")).nextToken
            == "18446744073709551615")
        let searchAfter = try endpoint("{style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: search_after}")
        let token = try #require(try decode(searchAfter).nextToken)
        #expect(token == #"[18446744073709551615,0.1000000000000000055511151231257827,"h3"]"#)
        #expect(try decode(endpoint("{style: lastId, cursorParam: after_id}")).lastItemID == "12345678901234567890123")
        #expect(try decode(endpoint("{style: lastId, cursorParam: after_id, cursorFormat: json}")).lastItemID
            == "12345678901234567890123")

        // Sent back: in the query as its text, in a JSON body as the value itself.
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          q: {url: /q, paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: search_after},
              response: {list: hits.hits}, item: {id: _id, title: title}}
          b: {url: /b, method: POST, body: {size: 3, query: {match_all: {}}},
              paging: {style: cursor, lastItemCursor: sort, cursorFormat: json, cursorParam: $.search_after},
              response: {list: hits.hits}, item: {id: _id, title: title}}
        """, file: "s.yaml")
        let query = RequestBuilder(config: config, endpoint: config.endpoint("q")!).request(cursor: .token(token))
        let sent = try #require(URLComponents(string: query.url)?.queryItems?.first { $0.name == "search_after" }?.value)
        #expect(sent == token)
        let post = RequestBuilder(config: config, endpoint: config.endpoint("b")!).request(cursor: .token(token))
        #expect(String(decoding: try #require(post.body), as: UTF8.self)
            == #"{"query":{"match_all":{}},"search_after":[18446744073709551615,0.1000000000000000055511151231257827,"h3"],"size":3}"#)
    }

    @Test func yamlBodyTemplatesKeepNumbersPastSixtyFourBits() throws {
        let config = try ConfigLoader.parse("""
        server: http://127.0.0.1:1
        interfaces:
          e: {url: /e, method: POST, body: {big: 18446744073709551616, pi: 3.14159265358979323846, half: 1.5, n: 7},
              item: {title: t}}
        """, file: "y.yaml")
        #expect(config.endpoints[0].body == .object(["big": .numberText("18446744073709551616"),
                                                     "pi": .numberText("3.14159265358979323846"),
                                                     "half": .double(1.5), "n": .int(7)]))
    }

    @Test func ndjsonLinesKeepTheirNumbersToo() throws {
        var shape = ResponseShape(listPath: JSONPath("")!)
        shape.format = .ndjson
        let endpoint = Endpoint(key: "e", url: "/e", response: shape,
                                item: ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!),
                                                           FieldSpec(name: "n", path: JSONPath("n")!)]))
        let body = "{\"id\":18446744073709551616,\"n\":1e400}\n{\"id\":2,\"n\":0.1000000000000000055511151231257827}\n"
        let page = try PageDecoder(endpoint: endpoint).decode(body: Array(body.utf8), contentType: nil)
        #expect(page.items.map(\.id) == ["18446744073709551616", "2"])
        #expect(page.items.map { $0.text("n") } == ["1e400", "0.1000000000000000055511151231257827"])
    }
}

/// `JSONValue` through `JSONEncoder`, as `jsonBytes` wrote it before it
/// became a writer of its own (for the comparison above).
struct EncodedValue: Encodable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .array(let values):
            var c = encoder.unkeyedContainer()
            for v in values { try c.encode(EncodedValue(v)) }
        case .object(let object):
            var c = encoder.container(keyedBy: Key.self)
            for (k, v) in object { try c.encode(EncodedValue(v), forKey: Key(k)) }
        default:
            var c = encoder.singleValueContainer()
            switch value {
            case .bool(let b): try c.encode(b)
            case .int(let i): try c.encode(i)
            case .double(let d): try c.encode(d)
            case .string(let s): try c.encode(s)
            case .numberText(let t): try c.encode(t)
            default: try c.encodeNil()
            }
        }
    }
}
