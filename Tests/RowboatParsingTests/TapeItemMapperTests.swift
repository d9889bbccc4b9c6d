import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

@Suite("TapeItemMapper: the compiled mapping maps every element as ItemMapper's rules do")
struct TapeItemMapperTests {
    /// Each element of the JSON array `list` mapped twice from the same
    /// tape: by the compiled mapper and by `ItemMapper` through paths.
    func bothWays(_ mapping: ItemMapping, _ list: String) throws -> [(compiled: Item, rules: Item)] {
        let compiled = TapeItemMapper(mapping: mapping)
        return try JSONTape.withDocument(Array(list.utf8)[...]) { (root: JSONTapeNode) throws(DataError) in
            var out: [(Item, Item)] = []
            for (i, node) in (root.elements ?? []).enumerated() {
                let element = ListElement(value: node, at: "list", position: i)
                out.append((try compiled.map(element, index: i), try compiled.mapper.map(element, index: i)))
            }
            return out
        }
    }

    /// Strings that sit on and just off every fast path: trimming (ASCII
    /// and Unicode spaces), null strings, entities, controls, C1, bidi,
    /// zero-width, BOM, joiners, CJK, emoji, DEL, lengths around the
    /// longest null string.
    static let strings: [String] = [
        "", " ", "null", " null ", "nil\t", "None", "NaN", "undefined!", "(null)", "<null>", "nullnullnull",
        "12", " 12 ", "-7", "3.5", "1e3", "true", "YES", "off", "0",
        "Brass Lantern 4", "Tom &amp; Jerry&#39;s &#x4E2D;", "AT&T", "a & b & c long enough",
        "\u{1B}[31mRed\u{1B}[0m and more", "line1\nline2\ttab", "\u{85}next line C1", "\u{A0}nbsp at the start",
        "ends with nbsp\u{A0}", "\u{3000}ideographic space", "ideographic space\u{3000}", "\u{1680}ogham space",
        "青花瓷茶杯 Teacup", "Rocket 🚀 Launcher", "👨‍👩‍👧 family of three", "zero\u{200B}width here",
        "bidi \u{202E}override", "\u{FEFF}bom first", "del\u{7F}char here", "\u{061C}arabic letter mark",
        "tag\u{E0041}chars", "emoji \u{2764}\u{FE0F} heart", "2024-03-14T00:00:00Z", " 2024-03-14 ",
        "1710374400", "é" + String(repeating: "x", count: 20), String(repeating: "long ", count: 900),
        "  padded both sides  ", "      null      ", "\u{3000}\u{3000}\u{3000}None\u{3000}", "\tlead tab then text", "interlinear\u{FFF9}anchor",
    ]

    static let scalars = [
        "null", "true", "false", "0", "1", "-1", "-0.0", "0.0", "1.0", "1e2", "1.5", "-2.25", "12345678901234567890",
        "-9223372036854775808", "9223372036854775807", "1710374400", "1710374400500", "[]", "[1]", "{}", #"{"a": 1}"#,
    ]

    @Test func everyTypeAgreesOnTrickyStringsAndScalars() throws {
        let values = Self.strings.map { "\"" + Self.escaped($0) + "\"" } + Self.scalars
        for type in FieldType.allCases {
            for fallback in [nil, "7", "fallback text", "2024-03-14", "not a number", "", "null"] as [String?] {
                let mapping = ItemMapping(fields: [FieldSpec(name: "v", path: JSONPath("v")!, type: type,
                                                             defaultValue: fallback)])
                let list = "[" + values.map { #"{"v": \#($0)}"# }.joined(separator: ",") + ", {}]"
                for (i, pair) in try bothWays(mapping, list).enumerated() {
                    #expect(pair.compiled == pair.rules, "\(type) default \(fallback ?? "none"): element \(i)")
                    #expect(pair.compiled.values.values == pair.rules.values.values)
                }
            }
        }
    }

    @Test func customNullStringsAgree() throws {
        for nulls in [[], ["N/A", "—", "  "], ["", "x"], ["long null string value"]] {
            let mapping = ItemMapping(fields: [FieldSpec(name: "v", path: JSONPath("v")!)], nullStrings: nulls)
            let list = "[" + (Self.strings + nulls + ["N/A ", " — "]).map { #"{"v": "\#(Self.escaped($0))"}"# }
                .joined(separator: ",") + "]"
            for (i, pair) in try bothWays(mapping, list).enumerated() {
                #expect(pair.compiled == pair.rules, "\(nulls): element \(i)")
            }
        }
    }

    @Test func keysPathsAndShapesAgree() throws {
        let mapping = ItemMapping(fields: [
            FieldSpec(name: "id", path: JSONPath("id")!),
            FieldSpec(name: "title", path: JSONPath("t")!, defaultValue: "untitled"),
            FieldSpec(name: "nested", path: JSONPath("meta.name")!),
            FieldSpec(name: "indexed", path: JSONPath("tags[-1]")!),
            FieldSpec(name: "empty", path: JSONPath(#"[""]"#)!),
            FieldSpec(name: "again", path: JSONPath("t")!, type: .int),
            FieldSpec(name: "title", path: JSONPath("t2")!),        // a repeated name: the last field's value
            FieldSpec(name: "dollar", path: JSONPath("$key")!),
            FieldSpec(name: "long1", path: JSONPath("description_long")!),
            FieldSpec(name: "long2", path: JSONPath("abcdefghijklmnopqrstuvwxyz1")!),
        ] + (0..<20).map { FieldSpec(name: "f\($0)", path: JSONPath("k\($0)")!, type: .int) })
        let list = #"""
        [{"id": 1, "t": "first", "t": "12", "meta": {"name": "n"}, "tags": ["a", "b"], "": "empty key", "$key": "k",
          "k3": 3, "k19": 19, "t2": "second title", "description_lang": "near", "description_long": "long key",
          "abcdefghijklmnopqrstuvwxyz2": "near", "abcdefghijklmnopqrstuvwxyz1": "27 bytes", "k": "", "kk": "",
          "ie": 5, "metb": {"name": "near"}, "tagz": [], "k20": 20},
         {"id": "x", "t": null, "meta": [], "tags": [], "k0": "0", "k10": 1.0},
         {"id": 2},
         {"id": 3, "t": "only t", "k7": 7, "k7": 8, "unknown": true, "t2": " "}]
        """#
        for (i, pair) in try bothWays(mapping, list).enumerated() {
            #expect(pair.compiled == pair.rules, "element \(i)")
            #expect(pair.compiled.values.names == pair.rules.values.names)
        }
        let first = try bothWays(mapping, list)[0].compiled
        #expect(first.values["title"] == .text("second title"))
        #expect(first.values["again"] == .int(12))
        #expect(first.values["f3"] == .int(3) && first.values["f19"] == .int(19))
        #expect(first.values["long1"] == .text("long key") && first.values["long2"] == .text("27 bytes"))
    }

    @Test func aMissingIDIsTheSameMismatch() throws {
        let mapping = ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!)])
        for element in [#"{"title": "x"}"#, #"{"id": null}"#, #"{"id": "null"}"#, #"{"id": {"b": 1}}"#, "7"] {
            let compiled = TapeItemMapper(mapping: mapping)
            let errors = try JSONTape.withDocument(Array("[\(element)]".utf8)[...]) { (root: JSONTapeNode) throws(Never) in
                let listElement = ListElement(value: root.element(0)!, at: "list", position: 0)
                return [Result { () throws(DataError) in try compiled.map(listElement, index: 0) },
                        Result { () throws(DataError) in try compiled.mapper.map(listElement, index: 0) }]
                    .map { result -> DataError? in if case .failure(let e) = result { e } else { nil } }
            }
            #expect(errors[0] != nil && errors[0] == errors[1], "\(element)")
        }
    }

    /// `s` inside a JSON string literal.
    static func escaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

@Suite("TextBytes: a byte scan that never calls text clean that the Sanitizer would change")
struct TextBytesTests {
    func need(_ text: String) -> TextBytes.Need {
        var text = text
        return text.withUTF8 { TextBytes.need($0) }
    }

    @Test func everyScalarThatItPassesTheSanitizerKeeps() {
        // Each scalar at a word boundary and inside one, in short and long text.
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["ab" + String(scalar) + "c", "0123456" + String(scalar) + "89abcdefghij"] {
                switch need(text) {
                case .nothing: #expect(Sanitizer.isClean(text) && !text.contains("&"), "U+\(String(value, radix: 16))")
                case .sanitizing: #expect(!text.contains("&"))
                case .entities: #expect(text.contains("&"))
                }
            }
        }
    }

    @Test func commonTextNeedsNothing() {
        for text in ["", "a", "Brass Lantern 4", "青花瓷茶杯 Teacup", "Rocket 🚀 Launcher", "https://x.test/a?b=c",
                     String(repeating: "long text ", count: 40)] {
            #expect(need(text) == .nothing, "\(text)")
        }
        #expect(need("a &amp; b") == .entities)
        #expect(need("tab\there") == .sanitizing)
        #expect(need("zero\u{200B}width") == .sanitizing)
        #expect(need("12345678\u{7F}") == .sanitizing)
    }
}
