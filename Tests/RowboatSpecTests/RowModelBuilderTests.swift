import Testing
@testable import RowboatSpec

@Suite("RowModelBuilder")
struct RowModelBuilderTests {
    let mapping = ItemMapping(fields: [
        FieldSpec(name: "id", path: JSONPath("id")!),
        FieldSpec(name: "title", path: JSONPath("title")!),
        FieldSpec(name: "image", path: JSONPath("img")!),
        FieldSpec(name: "price", path: JSONPath("price")!, type: .money),
        FieldSpec(name: "seen", path: JSONPath("seen")!, type: .dateSeconds, relative: true),
        FieldSpec(name: "made", path: JSONPath("made")!, type: .dateSeconds),
    ])

    @Test func buildsDisplayFields() {
        let item = Item(id: "7", values: ["id": .text("7"), "title": .text("Lamp"), "image": .text("http://x/i.png"),
                                          "price": .money(12.5), "seen": .date(1_000), "made": .date(1_710_374_400)])
        let row = RowModelBuilder(mapping: mapping).row(for: item)
        #expect(row.id == "7")
        #expect(row.title == "Lamp")
        #expect(row.subtitle == "")
        #expect(row.imageURL == "http://x/i.png")
        #expect(row.linkURL == nil)
        #expect(row.fieldOrder == ["id", "title", "image", "price", "seen", "made"])
        #expect(row.fields["price"] == .text("12.50"))
        #expect(row.fields["seen"] == .relativeDate(1_000))
        #expect(row.fields["made"] == .text("2024-03-14"))
        #expect(row.text("seen", now: 1_300) == "5 min ago")
        #expect(row.text("absent", now: 0) == "")
    }

    @Test func missingValuesAreEmpty() {
        let row = RowModelBuilder(mapping: mapping).row(for: Item(id: "1", values: ["title": .text("t"), "image": .missing]))
        #expect(row.imageURL == nil)
        #expect(row.fields["price"] == .text(""))
        #expect(row.fields["seen"] == .text(""))
    }
}
