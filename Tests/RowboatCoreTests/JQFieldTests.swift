import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// `{jq: …}` item fields: compiled once at load, a syntax error one line
/// naming file:line and the key, mapped alike from a tree and from the
/// tape (rows written straight from the tape too), coerced and sanitized
/// as a path's value, bounded per item.
@Suite struct JQFieldTests {
    static let yaml = """
        server: http://127.0.0.1:1
        interfaces:
          issues:
            url: /issues
            item:
              id: id
              title: title
              labels: {jq: '[.labels[].name] | join(", ")'}
              open: {jq: '.state == "open"', type: bool}
              score: {jq: '.votes * 2 + 1', type: int, default: "0"}
              shout: {jq: '.title | ascii_upcase'}
        """

    static let body = #"""
        [{"id": 1, "title": "Crash on start", "state": "open", "votes": 4,
          "labels": [{"name": "bug"}, {"name": "ui"}]},
         {"id": 2, "title": "esc \u001b]0;x\u0007 in title", "state": "closed", "votes": "many",
          "labels": []},
         {"id": 3, "title": "no labels", "state": "open", "votes": 0}]
        """#

    func endpoint() throws -> Endpoint {
        try ConfigLoader.parse(Self.yaml, file: "api.yaml").endpoints[0]
    }

    @Test func aFieldIsComputedByJq() throws {
        let endpoint = try endpoint()
        #expect(endpoint.item.field("labels")?.source == #"jq: [.labels[].name] | join(", ")"#)
        let list = try JSONValue.parse(Data(Self.body.utf8))
        let mapper = ItemMapper(mapping: endpoint.item)
        let items = try (list.elements ?? []).enumerated().map { i, element in
            try mapper.map(ListElement(value: element, at: "list", position: i), index: i)
        }
        #expect(items[0].values["labels"] == .text("bug, ui"))
        #expect(items[0].values["open"] == .bool(true))
        #expect(items[0].values["score"] == .int(9))
        #expect(items[1].values["labels"] == .text(""))
        #expect(items[1].values["open"] == .bool(false))
        // A runtime error (a string times 2) takes the default.
        #expect(items[1].values["score"] == .int(0))
        // jq's result is sanitized like any value: the ESC and BEL are gone.
        #expect(items[1].values["shout"] == .text("ESC ]0;X IN TITLE"))
        // `.labels[]` on a missing key is an error: the field is missing.
        #expect(items[2].values["labels"] == .missing)
    }

    @Test func theTapeMapsAsTheTreeDoesAndWritesTheSameRows() throws {
        let endpoint = try endpoint()
        let compiled = TapeItemMapper(mapping: endpoint.item)
        let pairs = try JSONTape.withDocument(Array(Self.body.utf8)[...]) { (root: JSONTapeNode) throws(DataError) in
            var out: [(Item, Item)] = []
            for (i, node) in (root.elements ?? []).enumerated() {
                let element = ListElement(value: node, at: "list", position: i)
                out.append((try compiled.map(element, index: i), try compiled.mapper.map(element, index: i)))
            }
            return out
        }
        #expect(pairs.count == 3)
        for (fast, rules) in pairs { #expect(fast == rules) }
        #expect(pairs[0].0.values["labels"] == .text("bug, ui"))
        let bulk = try Fixtures.endpoint("""
            {url: /b, item: {id: id, title: title, labels: {jq: '[.labels[]?.name] | join(", ")'}}}
            """)
        let table = try TapeRowWriterTests.same(Self.body, bulk, sizes: [7, 1 << 16])
        #expect(table.count == 3)
    }

    /// A jq field reading named members is given them straight from the
    /// tape (`TapeJQ`): every kind of value — strings plain or not, integers,
    /// doubles (-0.0 as 0), booleans, null, arrays, objects, a repeated key
    /// (the last), a missing one — gives what the rules give on the same
    /// element; so does one that reads the item whole.
    @Test func theTapesJqInputHoldsEveryKindOfMemberAsTheRulesDo() throws {
        let endpoint = try Fixtures.endpoint("""
            {url: /k, item: {id: id, title: s,
              kinds: {jq: '[.s, .i, .d, .z, .t, .f, .n, .a, .o, .missing] | tojson'},
              sum: {jq: '.i + .d', type: number, default: "-1"},
              text: {jq: '.s'}, flag: {jq: '.t', type: bool}, whole: {jq: 'keys | join(",")'}}}
            """)
        let body = #"""
            [{"id":1,"s":"plain","i":42,"d":-0.0,"z":1.5,"t":true,"f":false,"n":null,"a":[1,"x",{"y":null}],"o":{"k":"v"}},
             {"id":2,"s":" padded ","i":-7,"d":2.0,"z":1e300,"t":false,"f":true,"n":null},
             {"id":3,"s":"a &amp; b","i":9007199254740993,"d":0.1},
             {"id":4,"s":"esc \u001b]0;x\u0007 end","s":"the last of two"},
             {"id":5,"s":""}, {"id":6,"s":"null"}, {"id":7,"s":"Ünïcödé ✓","i":"text"}]
            """#
        let compiled = TapeItemMapper(mapping: endpoint.item)
        #expect(compiled.jqFields.count == 4)
        let pairs = try JSONTape.withDocument(Array(body.utf8)[...]) { (root: JSONTapeNode) throws(DataError) in
            var out: [(Item, Item)] = []
            for (i, node) in (root.elements ?? []).enumerated() {
                let element = ListElement(value: node, at: "list", position: i)
                out.append((try compiled.map(element, index: i), try compiled.mapper.map(element, index: i)))
            }
            return out
        }
        #expect(pairs.count == 7)
        for (fast, rules) in pairs { #expect(fast == rules) }
        #expect(pairs[0].0.values["kinds"] == .text(#"["plain",42,0,1.5,true,false,null,[1,"x",{"y":null}],{"k":"v"},null]"#))
        #expect(pairs[0].0.values["sum"] == .number(42))
        #expect(pairs[3].0.values["text"] == .text("the last of two"))
        #expect(pairs[6].0.values["sum"] == .number(-1))
        _ = try TapeRowWriterTests.same(body, endpoint, sizes: [3, 1 << 16])
    }

    @Test(arguments: [
        ("labels: {jq: '.a +'}", 7, 20, "interfaces.issues.item.labels.jq",
         "jq: syntax error, unexpected $end at line 1"),
        ("labels: {jq: 'nosuch(1)'}", 7, 20, "interfaces.issues.item.labels.jq",
         "jq: nosuch/1 is not defined at line 1"),
        ("labels: {jq: '.a', path: a}", 7, 20, "interfaces.issues.item.labels.jq",
         "a field is read at a path or computed by jq, not both"),
        ("id: {jq: '.id'}", 7, 16, "interfaces.issues.item.id.jq",
         "the id is read at a path, exactly (jq 1.6 reads numbers as doubles): use jq for other fields"),
        ("labels: {type: text}", 7, 15, "interfaces.issues.item.labels",
         "missing required key \"path\" (or \"jq\")"),
    ])
    func mistakesAreOneLineNamingTheKey(line: String, row: Int, column: Int, keyPath: String, message: String) throws {
        let e = try #require(Fixtures.configError("""
        server: http://x
        interfaces:
          issues:
            url: /a
            item:
              title: t
              \(line)
        """))
        #expect(e == ConfigError(file: "test.yaml", line: row, column: column, keyPath: keyPath, message: message))
    }

    @Test func anEndlessFieldIsBoundedAndTheRowsAllLoad() throws {
        let endpoint = try Fixtures.endpoint("{url: /b, item: {id: id, title: title, spin: {jq: 'def f: f; f', default: '?'}}}")
        let list = try JSONValue.parse(Data(Self.body.utf8))
        let mapper = ItemMapper(mapping: endpoint.item)
        let started = Date()
        let items = try (list.elements ?? []).enumerated().map { i, element in
            try mapper.map(ListElement(value: element, at: "list", position: i), index: i)
        }
        #expect(items.map { $0.values["spin"] } == [.text("?"), .text("?"), .text("?")])
        #expect(items.map(\.id) == ["1", "2", "3"])
        #expect(Date().timeIntervalSince(started) < 3)
    }
}
