import Foundation
import Testing
@testable import RowboatSpec

/// Items and a mapping shared by the formatter tests.
enum Sample {
    static let mapping = ItemMapping(fields: [
        FieldSpec(name: "id", path: JSONPath("id")!, type: .int),
        FieldSpec(name: "title", path: JSONPath("title")!),
        FieldSpec(name: "price", path: JSONPath("price")!, type: .money),
        FieldSpec(name: "rating", path: JSONPath("rating")!, type: .number),
        FieldSpec(name: "stock", path: JSONPath("stock")!, type: .int),
        FieldSpec(name: "new", path: JSONPath("new")!, type: .bool),
        FieldSpec(name: "created", path: JSONPath("created")!, type: .dateSeconds),
        FieldSpec(name: "link", path: JSONPath("link")!),
    ])

    static let plain = Item(id: "7", values: [
        "id": .int(7), "title": .text("Brass Lantern"), "price": .money(84.5), "rating": .number(2.5),
        "stock": .int(3), "new": .bool(true), "created": .date(1_756_450_782), "link": .missing,
    ])

    /// Text a hostile server might send (already through the mapper or not).
    static let hostile = Item(id: "8", values: [
        "id": .int(8), "title": .text("Say \"hi\", \u{1B}[31mred\u{1B}[0m\tand\nmore \\ done"),
        "price": .money(1), "rating": .missing, "stock": .missing, "new": .bool(false),
        "created": .missing, "link": .text("a,b"),
    ])

    static let unicode = Item(id: "9", values: [
        "id": .int(9), "title": .text("青花瓷茶杯 Teacup 🚀"), "price": .money(216.48), "rating": .number(5),
        "stock": .int(0), "new": .missing, "created": .date(0.25), "link": .missing,
    ])

    static func stream(_ format: OutputFormat, _ pages: [[Item]], width: Int = 60,
                       columns: [ColumnSpec] = []) -> String {
        var writer = ItemStreamFormatter(format: format, mapping: mapping, columns: columns, width: width, now: 0)
        var out = writer.begin()
        for page in pages { out += writer.page(page) }
        return out + writer.end()
    }

    /// True when no C0/C1 control other than `\n`, `\r`, `\t` separators is present.
    static func hasRawControls(_ text: String, allowing allowed: Set<UInt32> = [0x0A]) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) && !allowed.contains($0.value) }
    }
}

@Suite("Output: JSON and JSON Lines")
struct JSONFormatTests {
    @Test func jsonlWritesTypedValuesInMappingOrder() {
        let out = Sample.stream(.jsonl, [[Sample.plain], [Sample.unicode]])
        #expect(out == """
        {"id":7,"title":"Brass Lantern","price":84.5,"rating":2.5,"stock":3,"new":true,"created":"2025-08-29T06:59:42Z","link":null}
        {"id":9,"title":"青花瓷茶杯 Teacup 🚀","price":216.48,"rating":5,"stock":0,"new":null,"created":"1970-01-01T00:00:00.250Z","link":null}

        """)
    }

    @Test func jsonIsOneArrayAcrossPages() throws {
        let out = Sample.stream(.json, [[Sample.plain], [], [Sample.hostile, Sample.unicode]])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["id"] as? Int } == [7, 8, 9])
        #expect(parsed[0]["new"] as? Bool == true)
        #expect(parsed[1]["price"] as? Double == 1)
        #expect(parsed[0]["link"] is NSNull)
        #expect(out.hasPrefix("[\n{\"id\":7,"))
        #expect(out.hasSuffix("}\n]\n"))
    }

    @Test func emptyJSONIsAnEmptyArray() {
        #expect(Sample.stream(.json, [[]]) == "[]\n")
        #expect(Sample.stream(.jsonl, [[]]) == "")
    }

    @Test func escapeSequencesNeverReachTheOutputRaw() throws {
        for format in [OutputFormat.json, .jsonl] {
            let out = Sample.stream(format, [[Sample.hostile]])
            #expect(!Sample.hasRawControls(out), "\(format)")
            #expect(!out.contains("\u{1B}"))
            let line = try #require(out.split(separator: "\n").first { $0.contains("\"id\":8") })
            let object = try #require(try JSONSerialization.jsonObject(
                with: Data(line.trimmingCharacters(in: CharacterSet(charactersIn: ",")).utf8)) as? [String: Any])
            #expect(object["title"] as? String == "Say \"hi\", [31mred[0m and more \\ done")
        }
    }

    @Test func fieldNamesAreEscapedToo() {
        let mapping = ItemMapping(fields: [FieldSpec(name: "ti\"tle\u{7}", path: JSONPath("t")!)])
        let encoder = JSONItemEncoder(fields: OutputFields(mapping: mapping))
        #expect(encoder.object(Item(id: "1", values: ["ti\"tle\u{7}": .text("x")])) == #"{"id":"1","ti\"tle":"x"}"#)
    }

    @Test func unmappedIDIsTheItemsID() {
        let fields = OutputFields(mapping: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("t")!)]))
        #expect(fields.names == ["id", "title"])
        #expect(fields.values(of: Item(id: "3", values: ["title": .text("T")])) == [.text("3"), .text("T")])
    }

    @Test func timestamps() {
        #expect(ISOTimestamp.string(0) == "1970-01-01T00:00:00Z")
        #expect(ISOTimestamp.string(-1) == "1969-12-31T23:59:59Z")
        #expect(ISOTimestamp.string(1_710_374_400.5) == "2024-03-14T00:00:00.500Z")
        #expect(ISOTimestamp.string(.infinity) == nil)
        #expect(JSONItemEncoder.value(.number(.nan)) == "null")
        #expect(JSONItemEncoder.value(.date(.infinity)) == "null")
    }
}

@Suite("Output: CSV and TSV")
struct DelimitedFormatTests {
    @Test func csvHeaderAndRFC4180Quoting() {
        let out = Sample.stream(.csv, [[Sample.plain, Sample.hostile]])
        #expect(out == "id,title,price,rating,stock,new,created,link\r\n"
            + "7,Brass Lantern,84.50,2.5,3,true,2025-08-29T06:59:42Z,\r\n"
            + "8,\"Say \"\"hi\"\", [31mred[0m and more \\ done\",1.00,,,false,,\"a,b\"\r\n")
        #expect(!Sample.hasRawControls(out, allowing: [0x0A, 0x0D]))
    }

    @Test func tsvFlattensTabsAndNewlines() {
        let out = Sample.stream(.tsv, [[Sample.hostile], [Sample.unicode]])
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0] == "id\ttitle\tprice\trating\tstock\tnew\tcreated\tlink")
        #expect(lines[1] == "8\tSay \"hi\", [31mred[0m and more \\ done\t1.00\t\t\tfalse\t\ta,b")
        #expect(lines[2] == "9\t青花瓷茶杯 Teacup 🚀\t216.48\t5\t0\t\t1970-01-01T00:00:00.250Z\t")
        #expect(lines.dropLast().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 8 })
        #expect(!Sample.hasRawControls(out, allowing: [0x0A, 0x09]))
    }
}

@Suite("Output: table")
struct TableFormatTests {
    let columns = [
        ColumnSpec(field: "title", title: "Title", width: .weight(1, min: 8)),
        ColumnSpec(field: "price", title: "Price", width: .fixed(7), alignment: .right),
        ColumnSpec(field: "created", title: "Date", width: .fixed(10)),
    ]

    @Test func alignsColumnsByDisplayWidth() {
        let out = Sample.stream(.table, [[Sample.plain], [Sample.unicode, Sample.hostile]], width: 40, columns: columns)
        // Title gets 40 - 7 - 10 - 2 gaps of 2 = 19 columns; the CJK title is
        // 20 wide, so it is cut (the emoji does not fit beside the "…").
        #expect(out == """
        Title                  Price  Date
        Brass Lantern          84.50  2025-08-29
        青花瓷茶杯 Teacup …   216.48  1970-01-01
        Say "hi", [31mred[…     1.00

        """)
        #expect(lines(out).allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        #expect(!Sample.hasRawControls(out))
    }

    func lines(_ s: String) -> [Substring] { s.split(separator: "\n") }

    @Test func cutsWideTextWithoutSplittingACharacter() {
        #expect(TextFit.truncate("青花瓷茶杯", to: 6) == "青花…")
        #expect(TextFit.truncate("青花瓷茶杯", to: 5) == "青花…")
        #expect(TextFit.truncate("abc", to: 3) == "abc")
        #expect(DisplayWidth.of("a🚀é") == 4)
    }

    @Test func widthsShareTheSpareSpaceByWeight() {
        let specs = [
            ColumnSpec(field: "a", title: "A", width: .weight(3, min: 4)),
            ColumnSpec(field: "b", title: "B", width: .weight(1, min: 4)),
            ColumnSpec(field: "c", title: "C", width: .fixed(5)),
        ]
        // 4+4+5 + 2 gaps of 2 = 17; 23 spare → 17 and 5, the leftover 1 to the first.
        #expect(TableLayout(specs: specs, width: 40, gap: TableFormatter.gap).columns.map(\.width) == [22, 9, 5])
        // Too narrow for all: columns are dropped from the right.
        #expect(TableLayout(specs: specs, width: 5, gap: TableFormatter.gap).columns.map(\.width) == [5])
    }

    @Test func noColumnsMeansEveryField() {
        let out = Sample.stream(.table, [[Sample.plain]], width: 200, columns: [])
        #expect(out.hasPrefix("id"))
        #expect(out.contains("Brass Lantern"))
    }
}
