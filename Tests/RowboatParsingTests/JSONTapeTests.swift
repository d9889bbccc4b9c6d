import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("JSONTape: simdjson's tape read in place, as JSONValue reads the same text")
struct JSONTapeTests {
    func tree(_ text: String) throws -> JSONValue { try JSONTape.tree(Array(text.utf8)[...]) }

    @Test func valuesReadAsTheFoundationParserReadsThem() throws {
        let texts = [
            #"[1, 1.0, 1e2, -0.0, 1.5, true, false, null, "x", 12345678901234567890, -9223372036854775808]"#,
            #"{"a": {"b": [1, {"c": "d"}]}, "e": "\u00e9\ud83d\ude80", "f": "tab\tnl\n"}"#,
            #""only a string""#, "7", "  [ ]  ",
        ]
        for text in texts {
            #expect(try tree(text) == JSONValue.parse(Data(text.utf8)), "\(text)")
        }
    }

    @Test func aRepeatedKeyKeepsItsLastValueAtItsFirstPlace() throws {
        let text = #"{"b": 1, "a": 2, "b": 3}"#
        #expect(try tree(text) == .object(["a": .int(2), "b": .int(3)]))
        let keys = try JSONTape.withDocument(Array(text.utf8)[...]) { (root: JSONTapeNode) throws(Never) in
            root.orderedMembers!.map { "\($0.key)=\($0.value.scalar!.scalarText!)" }
        }
        #expect(keys == ["b=3", "a=2"])
    }

    @Test func pathsFindTheSameValuesAsInATree() throws {
        let text = #"{"data": {"@odata.count": 2, "rows": [{"n": "a"}, {"n": "b"}, {"n": "c"}]}}"#
        let value = try JSONValue.parse(Data(text.utf8))
        for path in [#"data["@odata.count"]"#, "data.rows[1].n", "data.rows[-1].n", "data.rows[-4]", "data.rows[3]",
                     "data.rows[*].n", "data.nothing", "data.rows.n", ""] {
            let jsonPath = try #require(JSONPath(path))
            let onTape = try JSONTape.withDocument(Array(text.utf8)[...]) { (root: JSONTapeNode) throws(Never) in
                jsonPath.lookupTree(in: root)
            }
            #expect(onTape == jsonPath.lookup(in: value), "\(path)")
        }
    }

    @Test func theDepthLimitHoldsAtTheLimitAndRefusesPastIt() throws {
        let limit = JSONDepthLimit.maxDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try tree(atLimit)
        var depth = 0
        while case .array(let inner) = value {
            depth += 1
            value = inner.first ?? .null
        }
        #expect(depth == limit)
        #expect(throws: JSONTape.Failure.tooDeep) { try tree("[" + atLimit + "]") }
        // A value in the deepest container is not a level of its own.
        let envelope = #"{"d": {"l": [{"n": "# + String(repeating: "[", count: limit - 4) + #""bottom""#
            + String(repeating: "]", count: limit - 4) + "}]}}"
        #expect(throws: Never.self) { try tree(envelope) }
        #expect(throws: JSONTape.Failure.tooDeep) {
            try tree(String(repeating: "[", count: limit + 1) + "1" + String(repeating: "]", count: limit + 1))
        }
    }

    @Test func brokenTextIsRefused() {
        for text in ["", "{", #"{"a" 1}"#, "[1,]", "{} {}", "nul", "\u{FF}"] {
            #expect(throws: JSONTape.Failure.self, "\(text)") { try tree(text) }
        }
        let badUTF8: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONTape.Failure.self) { try JSONTape.tree(badUTF8[...]) }
    }

    @Test func pageDecoderReportsDeepAndBrokenAsDeep() throws {
        let endpoint = Endpoint(key: "e", url: "/e", response: ResponseShape(listPath: JSONPath("")!),
                                item: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let deepAndBroken = String(repeating: "[", count: 600) + "x"
        #expect(throws: DataError.nestedTooDeep(limit: JSONDepthLimit.maxDepth)) {
            try PageDecoder(endpoint: endpoint).decode(body: Array(deepAndBroken.utf8), contentType: nil)
        }
    }
}
