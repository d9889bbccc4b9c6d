import Foundation
import Testing
@testable import RowboatSpec

/// `fetch --watch --changes`: new items, the fields that changed (from,
/// to), nothing for the same values again, rows gone from a first page.
@Suite("Change lines")
struct ChangeLinesTests {
    let mapping = ItemMapping(fields: [FieldSpec(name: "id", path: JSONPath("id")!),
                                       FieldSpec(name: "price", path: JSONPath("price")!, type: .number)])

    func item(_ id: String, _ price: Double) -> Item {
        Item(id: id, values: ["id": .text(id), "price": .number(price)])
    }

    @Test func newChangedSameAndGone() {
        var lines = ChangeLines(mapping: mapping)
        #expect(lines.page([item("a", 1), item("b", 2), item("c", 3)])
                == #"{"change":"new","item":{"id":"a","price":1}}"# + "\n"
                + #"{"change":"new","item":{"id":"b","price":2}}"# + "\n"
                + #"{"change":"new","item":{"id":"c","price":3}}"# + "\n")
        #expect(lines.page([item("a", 1), item("b", 2.5)])
                == #"{"change":"changed","id":"b","fields":{"price":{"from":2,"to":2.5}},"item":{"id":"b","price":2.5}}"# + "\n"
                + #"{"change":"gone","id":"c"}"# + "\n")
        #expect(lines.page([item("a", 1), item("b", 2.5)]) == "", "the same again: nothing")
    }

    @Test func theValuesKeptAreBounded() {
        var lines = ChangeLines(mapping: mapping, limit: 2)
        _ = lines.items([item("a", 1), item("b", 1), item("c", 1)])
        #expect(lines.known.count == 2 && lines.known["a"] == nil)
        #expect(lines.items([item("a", 1)]).hasPrefix(#"{"change":"new""#), "forgotten: new again")
    }
}
