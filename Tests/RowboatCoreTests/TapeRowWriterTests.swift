import Foundation
import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatParsing

/// A streamed body's rows written straight from the tape (`TapeRowWriter`,
/// issue #32) are the very bytes the Item path writes (`ItemMapper` →
/// `RowModelBuilder.row` → `RowBytes.write`) for every kind of value, in
/// any piece size and framing, and a list takes them in as it takes rows.
@Suite("Rows written from the tape: the Item path's bytes")
struct TapeRowWriterTests {
    static func endpoint(_ yaml: String) throws -> Endpoint { try Fixtures.endpoint(yaml) }

    /// The body decoded both ways in pieces of `size`: the Item path's rows
    /// as bytes, the writer's rows, and the two final pages.
    static func bothWays(_ text: [UInt8], _ endpoint: Endpoint, money: MoneyFormatter = MoneyFormatter(),
                         contentType: String? = nil, size: Int = 1 << 16)
    throws -> (items: WrittenRows, written: WrittenRows, itemPage: PageResult, rowPage: PageResult) {
        let decoder = PageDecoder(endpoint: endpoint)
        let builder = RowModelBuilder(mapping: endpoint.item, money: money)
        let writer = TapeRowWriter(mapper: decoder.tapeMapper, builder: builder)
        var byItems = StreamingPageDecoder(decoder: decoder)!, byRows = byItems
        _ = byItems.frame(contentType: contentType)
        _ = byRows.frame(contentType: contentType)
        var items: [Item] = []
        var written = writer.rows()
        var at = 0
        while at < text.count {
            let piece = Array(text[at..<min(text.count, at + size)])
            var failure: DataError?
            piece.withUnsafeBytes { raw in
                do throws(DataError) {
                    items += try byItems.feed(raw)
                    try byRows.feed(raw, writer: writer, into: &written)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            at += size
        }
        var itemPage = try byItems.finish(contentType: contentType, headers: [])
        let rowPage = try byRows.finish(contentType: contentType, headers: [], writer: writer, into: &written)
        items += itemPage.items
        itemPage.items = []
        var expected = writer.rows()
        for item in items {
            expected.append(builder.row(for: item))
        }
        return (expected, written, itemPage, rowPage)
    }

    /// Expects both ways to write the same rows and pages; returns the rows.
    @discardableResult
    static func same(_ json: String, _ endpoint: Endpoint, money: MoneyFormatter = MoneyFormatter(),
                     contentType: String? = nil, sizes: [Int] = [1 << 16],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> RowTable {
        var table = RowTable()
        for size in sizes {
            let (items, written, itemPage, rowPage) = try bothWays(Array(json.utf8), endpoint, money: money,
                                                                   contentType: contentType, size: size)
            #expect(written == items, "size \(size)", sourceLocation: sourceLocation)
            #expect(rowPage.facts.lastItemID == itemPage.facts.lastItemID, sourceLocation: sourceLocation)
            #expect(rowPage.facts.nextToken == itemPage.facts.nextToken, sourceLocation: sourceLocation)
            #expect(rowPage.rows == nil && rowPage.items.isEmpty, sourceLocation: sourceLocation)
            table = RowTable(written)
        }
        return table
    }

    let bulk = try! endpoint("""
        {url: /b, response: {list: datas.list}, item: {id: id, title: title, subtitle: subtitle, \
        price: {path: price, type: money}, created: {path: created_at, type: date-seconds}}}
        """)

    @Test func theBulkShapeIsWrittenAsTheItemPathWritesIt() throws {
        let elements = (1...300).map { n in
            "{\"id\":\(n),\"title\":\"Item \(n) of many\",\"subtitle\":\"Maker \(n % 7)\",\"price\":\(Double(n) * 12.345),"
                + "\"created_at\":\(1_700_000_000 + n * 86_400)}"
        }
        let json = "{\"datas\":{\"list\":[" + elements.joined(separator: ",") + "]},\"code\":200}"
        let table = try Self.same(json, bulk, sizes: [1, 7, 100, 1 << 16])
        #expect(table.count == 300)
        #expect(table[0].id == "1" && table[0].title == "Item 1 of many" && table[0].subtitle == "Maker 1")
        #expect(table[0].text("created", now: 0) == "2023-11-15" && table[1].text("price", now: 0) == "24.69")
    }

    @Test func everyKindOfTextIsCleanedAsTheItemPathCleansIt() throws {
        let endpoint = try Self.endpoint("""
            {url: /t, item: {id: id, title: title, subtitle: subtitle, note: note, count: {path: n, type: int}, \
            ratio: {path: r, type: number}, flag: {path: f, type: bool}, body: {path: h, type: html}, \
            deep: a.b, tag: {path: tag, default: none}, image: img, link: url}}
            """)
        let texts = [
            "plain", " spaced ", "\\ttabbed", "amp &amp; entity", "a & b", "bell\\u0007rings", "esc\\u001b[31mred",
            "caf\\u00e9", "\\u00e9t\\u00e9", "nbsp\\u00a0here", "zero\\u200bwidth", "emoji \\ud83d\\ude00 ok",
            "joined \\ud83d\\udc68\\u200d\\ud83d\\udc69", "null", "N/A", "", " ", "line\\nbreak", "\\u4e2d\\u6587",
            String(repeating: "long ", count: 1000), "K", "\\u212a", "trail\\u3000", "\\u3000lead",
        ]
        var elements: [String] = []
        for (n, text) in texts.enumerated() {
            elements.append("""
                {"id":"i\(n)","title":"\(text)","subtitle":"\(texts[(n + 1) % texts.count])","note":"\(text)",\
                "n":\(n % 3 == 0 ? "\"\(n)\"" : "\(n)"),"r":\(Double(n) / 3),"f":\(n % 2 == 0),"h":"<b>\(text)</b>",\
                "a":{"b":"\(text)"},"img":"http://127.0.0.1/\(n).png","url":"\(n % 2 == 0 ? "" : "http://x/\(text)")"}
                """)
        }
        // Numbers where text is mapped, ids as numbers, the same text as the title.
        elements.append(#"{"id":12345678901234567890,"title":42,"subtitle":-7,"note":1.5e300,"n":9007199254740993,"r":1e400}"#)
        elements.append(#"{"id":-0.0,"title":"same","subtitle":"same","note":"same","n":"x","r":"2.5"}"#)
        elements.append(#"{"id":7,"title":"7","subtitle":"seven","note":"7","tag":"null"}"#)
        try Self.same("[" + elements.joined(separator: ",") + "]", endpoint, sizes: [3, 1 << 16])
    }

    @Test func moneyAndDatesFollowTheLocaleAndTheField() throws {
        let endpoint = try Self.endpoint("""
            {url: /m, item: {id: id, title: {path: price, type: money}, price: {path: price, type: money}, \
            euro: {path: price, type: money, currency: EUR}, yen: {path: price, type: money, currency: JPY}, \
            when: {path: t, type: date-seconds, relative: true}, soon: {path: t, type: date-millis, relative: true, relativeDays: 3}, \
            iso: {path: iso, type: date-iso8601}, day: {path: t, type: date-seconds}}}
            """)
        let prices = ["0", "-0.0", "0.005", "2.675", "-42.1", "1234567.891", "999.995", "1e15", "1e20", "-1e300",
                      "\"12.5\"", "\"\"", "\"abc\"", "null", "123456789012345678901234567890"]
        let times = ["0", "1700000000", "-86400", "1e13", "253402300800", "\"1700000000\"", "1.5", "null"]
        var elements: [String] = []
        for (n, price) in prices.enumerated() {
            elements.append("{\"id\":\(n),\"price\":\(price),\"t\":\(times[n % times.count]),"
                            + "\"iso\":\"2024-0\(n % 9 + 1)-1\(n % 9)T10:00:00Z\"}")
        }
        let json = "[" + elements.joined(separator: ",") + "]"
        try Self.same(json, endpoint)
        try Self.same(json, endpoint, money: MoneyFormatter(locale: Locale(identifier: "de_DE")))
        try Self.same(json, endpoint, money: MoneyFormatter(locale: Locale(identifier: "fr_FR")))
    }

    @Test func keyedListsNDJSONAndMappingsWithoutAnIdAreWrittenAlike() throws {
        let keyed = try Self.endpoint("{url: /k, response: {list: data, keyed: true}, item: {id: $key, title: name, score: {path: s, type: int}}}")
        try Self.same(#"{"data":{"b":{"name":"bee","s":2},"a":{"name":"ay","s":"1"},"c":{"s":3}}}"#, keyed, sizes: [2, 1 << 16])
        let lines = try Self.endpoint("{url: /l, response: {format: ndjson}, paging: {style: cursor, lastItemCursor: id, cursorParam: after}, item: {id: id, title: title}}")
        try Self.same("{\"id\":1,\"title\":\"one\"}\n{\"id\":2,\"title\":\"two\"}\n{\"id\":3}\n", lines, contentType: nil, sizes: [1, 5, 1 << 16])
        let noID = try Self.endpoint("{url: /n, item: {title: t, extra: {path: x, default: 'd'}}}")
        let table = try Self.same(#"[{"t":"first"},{"t":"second","x":"given"},{"x":null}]"#, noID, sizes: [1, 1 << 16])
        #expect(table.map(\.id) == ["0", "1", "2"])
    }

    @Test func aMissingIdFailsAsTheItemPathFailsAndKeepsTheRowsBefore() throws {
        let endpoint = try Self.endpoint("{url: /i, item: {id: id, title: title}}")
        let json = Array(#"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"title":"no id"},{"id":4}]"#.utf8)
        let decoder = PageDecoder(endpoint: endpoint)
        let writer = TapeRowWriter(mapper: decoder.tapeMapper, builder: RowModelBuilder(mapping: endpoint.item))
        var byRows = StreamingPageDecoder(decoder: decoder)!, byItems = byRows
        var rows = writer.rows()
        var itemError: DataError?, rowError: DataError?
        json.withUnsafeBytes { raw in
            do throws(DataError) { _ = try byItems.feed(raw) } catch { itemError = error }
            do throws(DataError) { try byRows.feed(raw, writer: writer, into: &rows) } catch { rowError = error }
        }
        // The list's elements come whole only once the array closes; then the third fails.
        if itemError == nil {
            do throws(DataError) { _ = try byItems.finish(contentType: nil, headers: []) } catch { itemError = error }
            do throws(DataError) { _ = try byRows.finish(contentType: nil, headers: [], writer: writer, into: &rows) }
            catch { rowError = error }
        }
        #expect(itemError != nil && rowError == itemError)
        #expect(RowTable(rows).map(\.id) == ["1", "2"])
    }

    /// A jq field's input object is filled again item after item (jq's
    /// eight slots not made per item): a member an item lacks is not the
    /// last item's.
    @Test func aJqFieldNeverSeesTheItemBeforesMembers() throws {
        let endpoint = try Self.endpoint("""
            {url: /j, item: {id: id, title: title, a: {jq: '(.a // "none") + "/" + (.b // "none" | tostring)'}}}
            """)
        let json = #"[{"id":1,"a":"x","b":1},{"id":2},{"id":3,"a":null,"b":2},{"id":4,"a":"y"},{"id":5,"b":3},{"id":6}]"#
        let table = try Self.same(json, endpoint, sizes: [1, 1 << 16])
        #expect(table.map { $0.text("a", now: 0) } == ["x/1", "none/none", "none/2", "y/none", "none/3", "none/none"])
    }

    /// An expression reading more members than an object is reused for
    /// (`JQObjectInput.mostReused`) gets a fresh object each item: every
    /// member it was given, none of the item before's.
    @Test func aJqFieldReadingSeventyMembersSeesEachItemsOwn() throws {
        let names = (0..<70).map { "m\($0)" }
        let expression = "[" + names.map { "." + $0 }.joined(separator: ", ") + "] | map(select(. != null)) | length | tostring"
        let endpoint = try Self.endpoint("{url: /s, item: {id: id, title: title, n: {jq: '\(expression)'}}}")
        let all = names.map { "\"\($0)\":1" }.joined(separator: ",")
        let json = "[{\"id\":1,\(all)},{\"id\":2,\"m65\":1},{\"id\":3},{\"id\":4,\"m3\":1,\"m69\":2}]"
        let table = try Self.same(json, endpoint, sizes: [1 << 16])
        #expect(table.map { $0.text("n", now: 0) } == ["70", "1", "0", "2"])
    }

    /// A chunk of many elements is written in parts on the cores at once:
    /// the rows are one batch's, in order, and a failure in a later part
    /// keeps the rows before the failing element, as one batch does.
    @Test func manyElementsWrittenInPartsAreTheRowsOfOneBatch() throws {
        let elements = (0..<3_000).map { n in
            n == 2_100 ? "{\"title\":\"no id\"}"
                : "{\"id\":\(n),\"title\":\"Item \(n)\",\"subtitle\":\"Maker \(n % 7)\",\"price\":\(Double(n) * 1.5),"
                + "\"created_at\":\(1_700_000_000 + n)}"
        }
        // A jq field too: the other parts' writers run their own copy of its program.
        let endpoint = try Self.endpoint("""
            {url: /b, item: {id: id, title: title, subtitle: subtitle, price: {path: price, type: money}, \
            created: {path: created_at, type: date-seconds}, maker: {jq: '.subtitle + " of " + .title'}}}
            """)
        let writer = TapeRowWriter(mapper: PageDecoder(endpoint: endpoint).tapeMapper, builder: RowModelBuilder(mapping: endpoint.item))
        let text = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        func written(_ range: Range<Int>, cores: Int) throws -> (WrittenRows, DataError?) {
            try JSONTape.withDocument(text[...]) { (list: JSONTapeNode) throws(Never) in
                var found: [ListElement<JSONTapeNode>] = []
                list.forEachElement { found.append(ListElement(value: $0, at: "", position: found.count)) }
                var rows = writer.rows()
                do throws(DataError) {
                    try writer.write(Array(found[range]), first: range.lowerBound + 10, into: &rows, cores: cores)
                } catch {
                    return (rows, error)
                }
                return (rows, nil)
            }
        }
        // Whole: three parts and one write the same rows.
        let (one, oneFailure) = try written(0..<2_100, cores: 1)
        let (three, threeFailure) = try written(0..<2_100, cores: 3)
        #expect(oneFailure == nil && threeFailure == nil)
        #expect(three == one && one.count == 2_100)
        #expect(RowTable(three)[2_099].id == "2099" && RowTable(three)[0].title == "Item 0")
        #expect(RowTable(three)[2_000].text("maker", now: 0) == "Maker 5 of Item 2000")
        // A failure in the last part: the same error, the rows before it kept.
        let (serial, serialFailure) = try written(0..<3_000, cores: 1)
        let (parts, partsFailure) = try written(0..<3_000, cores: 3)
        #expect(serialFailure != nil && partsFailure == serialFailure)
        #expect(parts == serial && parts.count == 2_100)
        // And through the streaming decoder, every piece size.
        try Self.same("{\"datas\":{\"list\":[" + elements.filter { !$0.contains("no id") }.joined(separator: ",") + "]}}", bulk,
                      sizes: [4_096, 1 << 20])
    }

    @Test func aSecretInTheDataIsRedactedAsTheSanitizerRedactsIt() throws {
        let secret = "zq-rowwriter-secret-7f3a9c2e"
        Secrets.register([secret])
        let endpoint = try Self.endpoint("{url: /s, item: {id: id, title: title, note: note, image: img}}")
        let json = """
            [{"id":"\(secret)","title":"token \(secret) here","note":"plain","img":"http://127.0.0.1/?k=\(secret)"},\
            {"id":2,"title":"\(secret)","note":"\(secret.uppercased())"}]
            """
        let table = try Self.same(json, endpoint)
        for row in table {
            for text in [row.title, row.subtitle, row.imageURL ?? ""] + row.fields.values.map({ $0.display(now: 0) }) {
                #expect(!text.contains(secret))
            }
        }
        // The id names the item to the server as the server wrote it: whole (drawing it redacts it).
        #expect(table.map(\.id) == [secret, "2"])
    }

    /// Fields that templates hand on keep the server's text in hidden
    /// exact fields, written alike both ways: left empty when the text is
    /// the one shown, else whole (line breaks, escapes, entities, spaces at
    /// the ends, past the display's cap, a registered secret).
    @Test func exactFieldsAndIdsKeepTheServersTextBothWays() throws {
        let secret = "zq-exact-secret-51c0ffee"
        Secrets.register([secret])
        let endpoint = try Self.endpoint("""
            {url: /x, item: {id: id, title: title, note: note, price: {path: price, type: money, currency: EUR}},
             actions: [{title: A, run: [echo, "${item.title}", "${item.note}", "${item.owner.login}", "${item.price}"]}]}
            """)
        #expect(endpoint.item.fields.filter(\.exact).map(\.name) == ["@title", "@note", "@owner.login", "@price"])
        let long = String(repeating: "x", count: 5000) + "END"
        let cases: [(title: String, note: String)] = [
            ("plain", "same as shown"), ("line\nbreak", "tab\there"), ("esc \u{1B}[31m", "bel\u{07}"),
            ("&amp; entity", "  padded  "), (long, "\u{202E}bidi"), ("has \(secret) in it", "null"),
        ]
        let elements = cases.enumerated().map { i, c in
            "{\"id\":\(DoubleQuoted.literal(i == 4 ? long : "id-\(i)\u{1B}")),\"title\":\(DoubleQuoted.literal(c.title)),"
                + "\"note\":\(DoubleQuoted.literal(c.note)),\"price\":12.50,\"owner\":{\"login\":\(DoubleQuoted.literal(c.note))}}"
        }
        let table = try Self.same("[" + elements.joined(separator: ",") + "]", endpoint, sizes: [1 << 16, 7])
        let rows = Array(table)
        #expect(rows.count == cases.count)
        for (i, row) in rows.enumerated() {
            #expect(row.id == (i == 4 ? long : "id-\(i)\u{1B}"))
            #expect(ActionFields.value(of: row, "title") == cases[i].title, "\(i)")
            // "null" is a null string: no value, as for the shown field.
            #expect(ActionFields.value(of: row, "note") == (cases[i].note == "null" ? nil : cases[i].note), "\(i)")
            #expect(ActionFields.value(of: row, "owner.login") == (cases[i].note == "null" ? nil : cases[i].note), "\(i)")
            #expect(ActionFields.value(of: row, "price") == "12.5", "\(i)")
        }
        // The text that is shown needs no copy.
        #expect(rows[0].fields["@title"] == .text("") && rows[0].fields["@note"] == .text(""))
        // What is shown is still cleaned, capped and redacted.
        #expect(!rows[5].title.contains(secret) && rows[1].title == "line break" && rows[4].title.count == Sanitizer.defaultLimit)
    }

    @Test func aTableTakesWrittenRowsAsItTakesRowsRepeatedIdsReplacing() throws {
        let endpoint = try Self.endpoint("{url: /d, item: {id: id, title: title}}")
        let json = #"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":1,"title":"a again"},{"id":3,"title":"c"}]"#
        let (items, written, _, _) = try Self.bothWays(Array(json.utf8), endpoint)
        #expect(written == items)
        let table = RowTable(written)
        #expect(table.map(\.id) == ["1", "2", "3"] && table[0].title == "a again")
        var list: RowTable = [RowModel(id: "2", title: "old"), RowModel(id: "9", title: "nine")]
        list.append(table: table)
        #expect(list.map(\.id) == ["2", "9", "1", "3"] && list[0].title == "b")
        #expect(RowTable(TapeRowWriter(mapper: PageDecoder(endpoint: endpoint).tapeMapper,
                                       builder: RowModelBuilder(mapping: endpoint.item)).rows()).isEmpty)
    }
}

