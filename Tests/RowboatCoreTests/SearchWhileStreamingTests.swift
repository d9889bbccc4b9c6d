import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Search: the matches follow a streamed body's parts, looking only at what a part adds")
struct SearchWhileStreamingTests {
    typealias F = Fixtures

    /// A later part of a streamed body: `rows`, more to come.
    static func part(_ rows: [RowModel]) -> PageLoad<RowTable> {
        var facts = PageFacts(itemCount: rows.count)
        facts.continues = true
        return PageLoad(rows: rows, facts: facts, fetchedAt: F.fetchedAt, final: false)
    }

    /// The first part in, and "/5" typed.
    func searching() -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: F.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Self.part(F.rows(1...20)))))
        _ = AppReducer.reduce(&state, .search(.begin))
        _ = AppReducer.reduce(&state, .search(.insert("5")))
        return state
    }

    @Test func aPartAddsItsMatchesAfterTheOthers() {
        var state = searching()
        #expect(state.search?.matches == [4, 14])
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Self.part(F.rows(21...60)))))
        #expect(state.search?.matches == [4, 14, 24, 34, 44, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58])
        #expect(state.search?.matches == SearchState.matches("5", in: state.list.rows))
        #expect(SearchGrowth(state.list, .pageLoaded(requestID: 1, Self.part(F.rows(61...62))))?.from == 60)
    }

    @Test func anEarlierRowUpdatedInPlaceIsLookedAtAgain() {
        var state = searching()
        // Item 5 again, no longer matching; item 7 again, now matching; and a new row.
        let again = [RowModel(id: "5", title: "Renamed"), RowModel(id: "7", title: "Item 7 and 5"),
                     RowModel(id: "25", title: "Item 25")]
        _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Self.part(again))))
        #expect(state.search?.matches == [6, 14, 20])
        #expect(state.search?.matches == SearchState.matches("5", in: state.list.rows))
    }

    /// With a local sort or filter in force a part does not only add rows
    /// at the end: it moves them into the order, or sets some aside. The
    /// matches are then looked for again, in the rows where they now are.
    @Test func aPartThatMovesRowsIsNotGrowth() {
        /// "Item n" with its number as a field the sort and the filter read.
        func rows(_ ids: ClosedRange<Int>) -> [RowModel] {
            ids.map { RowModel(id: String($0), title: "Item \($0)", fields: ["n": .text(String($0))], fieldOrder: ["n"]) }
        }
        for sorted in [true, false] {
            var state = AppState(endpointKey: "items", columns: [], paging: F.paging, size: TerminalSize(columns: 80, rows: 24))
            _ = AppReducer.reduce(&state, .list(.appeared))
            _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Self.part(rows(1...20)))))
            if sorted {
                _ = AppReducer.reduce(&state, .list(.sort(LocalSort(field: "n", title: "N", descending: true, kind: .text))))
            } else {
                _ = AppReducer.reduce(&state, .list(.filter(RowFilter([FilterCondition(field: "n", title: "N", relation: .contains, value: "1")]))))
            }
            _ = AppReducer.reduce(&state, .search(.begin))
            _ = AppReducer.reduce(&state, .search(.insert("5")))
            #expect(state.search?.matches == SearchState.matches("5", in: state.list.rows))
            #expect(state.search?.matches.isEmpty == false)
            _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: 1, Self.part(rows(21...60)))))
            #expect(state.search?.matches == SearchState.matches("5", in: state.list.rows), "sorted: \(sorted)")
        }
    }

    @Test func onlyALaterPartOfTheRequestInFlightIsGrowth() {
        let state = searching()
        #expect(SearchGrowth(state.list, .pageLoaded(requestID: 9, Self.part(F.rows(21...22)))) == nil)
        #expect(SearchGrowth(state.list, .pageLoaded(requestID: 1, F.page(21...22))) == nil, "the last part: a whole look")
        #expect(SearchGrowth(state.list, .refresh) == nil)
    }
}
