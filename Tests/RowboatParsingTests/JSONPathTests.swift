import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("JSONPath and JSONValue")
struct JSONPathTests {
    func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    @Test func parsesSteps() throws {
        #expect(try #require(JSONPath("datas.list")).steps == [.key("datas"), .key("list")])
        #expect(try #require(JSONPath("items[0].name")).steps == [.key("items"), .index(0), .key("name")])
        #expect(try #require(JSONPath("[2]")).steps == [.index(2)])
        #expect(try #require(JSONPath("a[1][2]")).steps == [.key("a"), .index(1), .index(2)])
        #expect(try #require(JSONPath("")).steps == [])
        #expect(JSONPath("a.b[3].c")?.description == "a.b[3].c")
    }

    @Test func rejectsMalformedPaths() {
        #expect(JSONPath("a[") == nil)
        #expect(JSONPath("a[x]") == nil)
        #expect(JSONPath("a[]") == nil)
        // (Negative indices count from the end since #16: `a[-1]` is valid.)
    }

    @Test func looksUpNestedValuesAndIndices() throws {
        let doc = try json(#"{"a": {"b": [{"c": "x"}, {"c": "y"}]}, "n": 1}"#)
        #expect(JSONPath("a.b[1].c")?.lookup(in: doc) == .string("y"))
        #expect(JSONPath("a.b[0]")?.lookup(in: doc) == .object(["c": .string("x")]))
        #expect(JSONPath("")?.lookup(in: doc) == doc)
        #expect(JSONPath("a.b[2].c")?.lookup(in: doc) == nil)
        #expect(JSONPath("a.missing")?.lookup(in: doc) == nil)
        #expect(JSONPath("n.x")?.lookup(in: doc) == nil)
        #expect(JSONPath("a[0]")?.lookup(in: doc) == nil)
        #expect(JSONPath("[1]")?.lookup(in: try json("[10, 20]")) == .int(20))
    }

    @Test func parsesJSONKinds() throws {
        let doc = try json(#"{"i": 12, "d": 1.5, "s": "x", "b": true, "z": null, "a": [1]}"#)
        #expect(doc == .object(["i": .int(12), "d": .double(1.5), "s": .string("x"), "b": .bool(true),
                                "z": .null, "a": .array([.int(1)])]))
        #expect(JSONValue.int(12).scalarText == "12")
        #expect(JSONValue.double(3.0).scalarText == "3")
        #expect(JSONValue.double(1.5).scalarText == "1.5")
        #expect(JSONValue.bool(false).scalarText == "false")
        #expect(JSONValue.null.scalarText == nil)
        #expect(JSONValue.array([]).scalarText == nil)
        #expect(JSONValue.object([:]).kindName == "an object")
        #expect(JSONValue.double(2).kindName == "a number")
        #expect(throws: (any Error).self) { try json("<html>") }
    }
}
