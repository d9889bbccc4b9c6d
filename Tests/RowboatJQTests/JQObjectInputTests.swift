import Testing
@testable import RowboatJQ
import RowboatSpec

/// `JQProgram.first(object:)`: the input objects a machine fills again,
/// two in turn (jq holds the last item's until the next starts), never
/// show an item the members of an item before it.
@Suite struct JQObjectInputTests {
    /// Each item's members by name (nil: the item lacks it), run in order on one thread.
    func results(_ program: JQProgram, _ items: [[String: String?]]) -> [String] {
        let names = program.memberNames ?? []
        return items.map { item in
            var text = "?"
            let given = program.first(object: { input in
                for (member, name) in names.enumerated() {
                    guard let value = item[name] else { continue }
                    if let value {
                        var bytes = Array(value.utf8)
                        bytes.withUnsafeBufferPointer { input.set(member, string: $0) }
                    } else {
                        input.setNull(member)
                    }
                }
            }) { output in
                if case .string(let s) = output.value { text = s }
            }
            return given ? text : "none"
        }
    }

    @Test func eachItemSeesItsOwnMembersWhicheverObjectItFills() throws {
        let program = try JQProgram(#"(.a // "-") + "/" + (.b // "-")"#)
        #expect(program.memberNames == ["a", "b"])
        // Items 1, 3, 5… fill one object, 2, 4, 6… the other: each lacks
        // a member the item two before (same object) or one before had.
        let items: [[String: String?]] = [
            ["a": "x", "b": "1"], ["a": "y", "b": "2"], ["b": "3"], ["a": "z"], [:], ["b": nil],
            ["a": "w", "b": "4"], [:], ["a": nil],
        ]
        #expect(results(program, items) == ["x/1", "y/2", "-/3", "z/-", "-/-", "-/-", "w/4", "-/-", "-/-"])
    }

    /// An error on one item leaves the next items' objects right.
    @Test func anItemJqFailsOnLeavesTheNextItemsRight() throws {
        // (`tonumber` fails on a text that is no number.)
        let program = try JQProgram(#"(.a // "-") + ((.b // "0") | tonumber | . + 1 | tostring)"#)
        #expect(program.memberNames == ["a", "b"])
        let items: [[String: String?]] = [["a": "p", "b": "1"], ["a": "q", "b": "boom"], ["b": "2"], ["a": "s"], [:]]
        #expect(results(program, items) == ["p2", "none", "-3", "s1", "-1"])
    }
}
