import Foundation
import Testing
@testable import RowboatSpec

@Suite("RowFields: a row's fields by name, names shared between rows")
struct RowFieldsTests {
    @Test func readsAndWritesLikeADictionary() {
        var fields: RowFields = ["title": .text("Brass"), "price": .text("12.50")]
        #expect(fields["title"] == .text("Brass"))
        #expect(fields["nope"] == nil)
        fields["seen"] = .relativeDate(5, withinDays: 2)
        fields["price"] = .text("13.00")
        #expect(fields.names == ["title", "price", "seen"])
        fields["title"] = nil
        #expect(fields.names == ["price", "seen"])
        #expect(fields.count == 2)
        #expect(fields.dictionary == ["price": .text("13.00"), "seen": .relativeDate(5, withinDays: 2)])
    }

    @Test func equalityIgnoresTheOrder() {
        let a: RowFields = ["a": .text("1"), "b": .text("2")]
        let b: RowFields = ["b": .text("2"), "a": .text("1")]
        #expect(a == b)
        #expect(a != ["a": .text("1")])
    }

    @Test func encodesAsTheDictionaryItReplaced() throws {
        let fields: RowFields = ["title": .text("Brass"), "seen": .relativeDate(5)]
        let encoded = try JSONEncoder().encode(fields)
        #expect(try JSONDecoder().decode([String: CellText].self, from: encoded) == fields.dictionary)
        #expect(try JSONDecoder().decode(RowFields.self, from: encoded) == fields)
    }

    @Test func rowsFromOneBuilderShareTheirNames() {
        let mapping = ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!),
                                           FieldSpec(name: "title", path: JSONPath("t")!)])
        let builder = RowModelBuilder(mapping: mapping)
        let a = builder.row(for: Item(id: "1", values: ["id": .text("1"), "title": .text("One")]))
        let b = builder.row(for: Item(id: "2", values: ["id": .text("2"), "title": .text("Two")]))
        #expect(a.fields.names == ["id", "title"])
        a.fields.names.withUnsafeBufferPointer { x in
            b.fields.names.withUnsafeBufferPointer { y in #expect(x.baseAddress == y.baseAddress) }
        }
        #expect(a.title == "One" && a.fields["title"] == .text("One"))
    }
}
