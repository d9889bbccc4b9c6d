import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("ItemMapper: paths, null strings, defaults, coercion, text")
struct ItemMapperTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    func field(_ path: String, _ type: FieldType = .text, default value: String? = nil) -> FieldSpec {
        FieldSpec(name: "f", path: JSONPath(path)!, type: type, defaultValue: value)
    }

    /// The value of one field of `type` at key "v" of `{"v": <raw>}`.
    func value(_ raw: String, _ type: FieldType, default fallback: String? = nil) throws -> FieldValue {
        let mapper = ItemMapper(mapping: ItemMapping(fields: []))
        return mapper.value(for: field("v", type, default: fallback), in: try json("{\"v\": \(raw)}"))
    }

    @Test func nestedPathsAndArrayIndices() throws {
        let mapping = ItemMapping(fields: [
            FieldSpec(name: "id", path: JSONPath("meta.id")!),
            FieldSpec(name: "title", path: JSONPath("names[1].text")!),
            FieldSpec(name: "first", path: JSONPath("tags[0]")!),
        ])
        let element = try json(#"{"meta": {"id": 7}, "names": [{"text": "a"}, {"text": "b"}], "tags": ["x", "y"]}"#)
        let item = try ItemMapper(mapping: mapping).map(element, index: 0, listPath: JSONPath("list")!)
        #expect(item == Item(id: "7", values: ["id": .text("7"), "title": .text("b"), "first": .text("x")]))
        #expect(item.text("title") == "b")
        #expect(item.text("nothing") == "")
    }

    @Test func nullStringsCountAsMissingAndFallBackToDefault() throws {
        for raw in ["\"null\"", "\"(null)\"", "\"<null>\"", "\"nil\"", "\"NULL\"", "\"undefined\"", "\" null \"", "null"] {
            #expect(try value(raw, .text, default: "—") == .text("—"), "\(raw)")
            #expect(try value(raw, .text) == .missing, "\(raw)")
            #expect(try value(raw, .int, default: "0") == .int(0), "\(raw)")
        }
        let mapper = ItemMapper(mapping: ItemMapping(fields: []))
        #expect(mapper.value(for: field("absent", default: "dflt"), in: try json("{}")) == .text("dflt"))
        #expect(mapper.value(for: field("absent"), in: try json("{}")) == .missing)
    }

    @Test func customNullStringsReplaceTheDefaults() throws {
        let mapper = ItemMapper(mapping: ItemMapping(fields: [], nullStrings: ["N/A"]))
        #expect(mapper.value(for: field("v", default: "d"), in: try json(#"{"v": "N/A"}"#)) == .text("d"))
        #expect(mapper.value(for: field("v", default: "d"), in: try json(#"{"v": "null"}"#)) == .text("null"))
    }

    @Test func intCoercion() throws {
        #expect(try value("12", .int) == .int(12))
        #expect(try value("\"12\"", .int) == .int(12))
        #expect(try value("\" 12 \"", .int) == .int(12))
        #expect(try value("12.0", .int) == .int(12))
        #expect(try value("12.5", .int) == .missing)
        #expect(try value("\"abc\"", .int, default: "-1") == .int(-1))
        #expect(try value("\"\"", .int) == .missing)
        #expect(try value("true", .int) == .missing)
    }

    @Test func boolCoercion() throws {
        #expect(try value("true", .bool) == .bool(true))
        #expect(try value("false", .bool) == .bool(false))
        #expect(try value("1", .bool) == .bool(true))
        #expect(try value("0", .bool) == .bool(false))
        #expect(try value("\"true\"", .bool) == .bool(true))
        #expect(try value("\"TRUE\"", .bool) == .bool(true))
        #expect(try value("\"yes\"", .bool) == .bool(true))
        #expect(try value("\"0\"", .bool) == .bool(false))
        #expect(try value("\"off\"", .bool) == .bool(false))
        #expect(try value("2", .bool) == .missing)
        #expect(try value("\"maybe\"", .bool) == .missing)
    }

    @Test func numberAndMoneyCoercion() throws {
        #expect(try value("3.5", .number) == .number(3.5))
        #expect(try value("\"3.5\"", .number) == .number(3.5))
        #expect(try value("4", .number) == .number(4))
        #expect(try value("\"12.5\"", .money) == .money(12.5))
        #expect(try value("12.5", .money).plainText == "12.50")
        #expect(try value("\"cheap\"", .money, default: "0") == .money(0))
        #expect(try value("[1]", .number) == .missing)
    }

    @Test func dateCoercion() throws {
        #expect(try value("1710374400", .dateSeconds) == .date(1_710_374_400))
        #expect(try value("\"1710374400\"", .dateSeconds) == .date(1_710_374_400))
        #expect(try value("1710374400000", .dateMillis) == .date(1_710_374_400))
        #expect(try value("1710374400500", .dateMillis) == .date(1_710_374_400.5))
        #expect(try value("\"2024-03-14T00:00:00Z\"", .dateISO8601) == .date(1_710_374_400))
        #expect(try value("\"2024-03-14T08:00:00+08:00\"", .dateISO8601) == .date(1_710_374_400))
        #expect(try value("\"2024-03-14T00:00:00.500Z\"", .dateISO8601) == .date(1_710_374_400.5))
        #expect(try value("\"2024-03-14\"", .dateISO8601) == .date(1_710_374_400))
        #expect(try value("\"yesterday\"", .dateISO8601) == .missing)
        #expect(try value("\"2026-02-30T25:61:61Z\"", .dateISO8601) == .missing)
        // An impossible date does not fit the type: the default applies.
        #expect(try value("\"2026-02-30T25:61:61Z\"", .dateISO8601, default: "2024-03-14") == .date(1_710_374_400))
        #expect(try value("1710374400", .dateISO8601) == .missing)
        #expect(try value("1710374400", .dateSeconds).plainText == "2024-03-14")
    }

    @Test func textFromScalars() throws {
        #expect(try value("12", .text) == .text("12"))
        #expect(try value("1.5", .text) == .text("1.5"))
        #expect(try value("true", .text) == .text("true"))
        #expect(try value("{\"a\": 1}", .text, default: "obj") == .text("obj"))
    }

    @Test func htmlEntitiesAreDecoded() throws {
        #expect(try value(#""Tom &amp; Jerry&#39;s &#x4E2D;""#, .text) == .text("Tom & Jerry's 中"))
    }

    @Test func escapeSequencesAreStrippedFromText() throws {
        let raw = #""\u001b[31mRed\u001b[0m \u009b2J bell\u0007 &#27;[1m""#
        let result = try value(raw, .text)
        guard case .text(let text) = result else { Issue.record("not text: \(result)"); return }
        for bad: UInt32 in [0x1B, 0x9B, 0x07] {
            #expect(!text.unicodeScalars.contains { $0.value == bad })
        }
        #expect(text == "[31mRed[0m 2J bell [1m")
        #expect(try value(#""line1\nline2\ttab""#, .text) == .text("line1 line2 tab"))
    }

    @Test func missingIDIsAMappingMismatchNamingThePath() throws {
        let mapping = ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!),
                                           FieldSpec(name: "title", path: JSONPath("title")!)])
        let mapper = ItemMapper(mapping: mapping)
        let list = JSONPath("datas.list")!
        #expect(throws: DataError.mappingMismatch(path: "datas.list[1].id", found: "nothing")) {
            try mapper.map(try json(#"{"title": "x"}"#), index: 1, listPath: list)
        }
        #expect(throws: DataError.mappingMismatch(path: "datas.list[0].id", found: "null")) {
            try mapper.map(try json(#"{"id": null}"#), index: 0, listPath: list)
        }
        #expect(throws: DataError.mappingMismatch(path: "datas.list[2].id", found: "an object with keys a, b")) {
            try mapper.map(try json(#"{"id": {"b": 1, "a": 2}}"#), index: 2, listPath: list)
        }
        #expect(throws: DataError.mappingMismatch(path: "datas.list[3].id", found: "\"null\"")) {
            try mapper.map(try json(#"{"id": "null"}"#), index: 3, listPath: list)
        }
        #expect(try mapper.map(try json(#"{"id": 42}"#), index: 0, listPath: list).id == "42")
    }

    @Test func withoutAnIDFieldTheIndexIsTheID() throws {
        let mapper = ItemMapper(mapping: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        let item = try mapper.map(try json(#"{"t": "x"}"#), index: 5, listPath: JSONPath("")!)
        #expect(item == Item(id: "5", values: ["title": .text("x")]))
    }
}
