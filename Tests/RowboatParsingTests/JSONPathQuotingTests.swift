import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("JSONPath: quoted keys, negative indices, wildcards and key order")
struct JSONPathQuotingTests {
    func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    @Test func quotedKeysHoldDotsAtSignsSpacesAndBrackets() throws {
        #expect(JSONPath(#"["@odata.nextLink"]"#)?.steps == [.key("@odata.nextLink")])
        #expect(JSONPath(#"a['b c'].d"#)?.steps == [.key("a"), .key("b c"), .key("d")])
        #expect(JSONPath(#"["x[0]"][1]"#)?.steps == [.key("x[0]"), .index(1)])
        #expect(JSONPath(#"["say \"hi\""]"#)?.steps == [.key(#"say "hi""#)])
        #expect(JSONPath(#"['it\'s']"#)?.steps == [.key("it's")])
        #expect(JSONPath(#"["back\\slash"]"#)?.steps == [.key(#"back\slash"#)])
        #expect(JSONPath(#"[""]"#)?.steps == [.key("")])
        let doc = try json(#"{"@odata.nextLink": "http://x/next", "value": [], "a": {"b c": {"d": 1}}}"#)
        #expect(JSONPath(#"["@odata.nextLink"]"#)?.lookup(in: doc) == .string("http://x/next"))
        #expect(JSONPath(#"a["b c"].d"#)?.lookup(in: doc) == .int(1))
    }

    @Test func malformedQuotesAreRejected() {
        #expect(JSONPath(#"["abc"#) == nil)
        #expect(JSONPath(#"["abc""#) == nil)
        #expect(JSONPath(#"["abc"x]"#) == nil)
        #expect(JSONPath(#"["abc\"#) == nil)
        #expect(JSONPath("[") == nil)
        #expect(JSONPath("[*") == nil)
        #expect(JSONPath("[**]") == nil)
        #expect(JSONPath(String(repeating: "a", count: JSONPath.maxLength + 1)) == nil)
    }

    @Test func negativeIndicesCountFromTheEnd() throws {
        let doc = try json(#"{"hits": {"hits": [{"sort": [1, "a"]}, {"sort": [2, "b"]}]}}"#)
        #expect(JSONPath("hits.hits[-1].sort")?.lookup(in: doc) == .array([.int(2), .string("b")]))
        #expect(JSONPath("hits.hits[-2].sort[0]")?.lookup(in: doc) == .int(1))
        #expect(JSONPath("hits.hits[-3]")?.lookup(in: doc) == nil)
        #expect(JSONPath("[-1]")?.lookup(in: try json("[]")) == nil)
        #expect(JSONPath("[\(Int.min)]")?.lookup(in: try json("[1]")) == nil)
    }

    @Test func wildcardsFlattenInDocumentOrder() throws {
        let doc = try json(#"{"data": {"sections": [{"items": [1, 2]}, {"other": 0}, {"items": [3]}]}}"#)
        let path = try #require(JSONPath("data.sections[*].items"))
        #expect(path.hasWildcard)
        #expect(path.prefixBeforeWildcard.steps == [.key("data"), .key("sections")])
        #expect(path.matches(in: doc) == [
            .init(steps: [.key("data"), .key("sections"), .index(0), .key("items")], value: .array([.int(1), .int(2)])),
            .init(steps: [.key("data"), .key("sections"), .index(2), .key("items")], value: .array([.int(3)])),
        ])
        #expect(path.lookup(in: doc) == .array([.array([.int(1), .int(2)]), .array([.int(3)])]))
        #expect(JSONPath("[*][*]")?.matches(in: try json("[[1], [2, 3]]")).map(\.value) == [.int(1), .int(2), .int(3)])
    }

    @Test func canonicalTextQuotesOnlyWhatNeedsIt() {
        #expect(JSONPath(steps: [.key("data"), .key("@odata.count"), .index(-1), .wildcard]).description
                == #"data["@odata.count"][-1][*]"#)
        #expect(JSONPath(steps: [.key(#"a "q" \ b"#)]).description == #"["a \"q\" \\ b"]"#)
        // (Found by FuzzPaths: a quote followed by a combining mark is one Character.)
        for steps: [JSONPath.Step] in [[.key("a.b"), .key("c d")], [.key("x]"), .index(3)], [.key(#"\"#)],
                                       [.key("q\"\u{074A}")], [.key("\\\u{301}")]] {
            #expect(JSONPath(JSONPath(steps: steps).description)?.steps == steps)
        }
    }

    /// The keys of the object at `steps` in `text`, in the order simdjson's
    /// tape keeps them; nil when the text is no JSON or holds no object there.
    func keys(at steps: [JSONPath.Step], in text: String) -> [String]? {
        try? JSONTape.withDocument(Array(text.utf8)[...]) { (root: JSONTapeNode) throws(Never) in
            JSONPath(steps: steps).find(in: root)?.memberKeys
        }
    }

    @Test func keyOrderFollowsTheText() throws {
        let text = #"{"data": {"users": {"zed": {"n": 1}, "amy": {"n": "}{,"}, "\u00e9t\u00e9": [1, {"x": 2}], "bob": null}}}"#
        let order = keys(at: [.key("data"), .key("users")], in: text)
        #expect(order == ["zed", "amy", "été", "bob"])
        let nested = #"[{"a": 1}, {"k": {"z": 1, "y": 2}}]"#
        #expect(keys(at: [.index(1), .key("k")], in: nested) == ["z", "y"])
        #expect(keys(at: [.index(2)], in: nested) == nil)
        #expect(keys(at: [], in: "{}") == [])
        #expect(keys(at: [], in: #"{"a": "#) == nil)
        #expect(keys(at: [], in: "[1]") == nil)
        let surrogate = #"{"\ud83d\ude80": 1, "b": 2}"#
        #expect(keys(at: [], in: surrogate) == ["🚀", "b"])
    }
}
