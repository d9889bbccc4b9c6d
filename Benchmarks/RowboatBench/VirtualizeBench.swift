import RowboatCore
import RowboatSpec
import RowboatViews
import RowboatCells

/// Rendering cost follows the screen, not the list: page-down plus a full
/// frame into the cell grid at 200x50 with 100,000 rows loaded, against the
/// same with 100 rows.
enum VirtualizeBench {
    static func state(rows count: Int) -> AppState {
        var state = AppState(endpointKey: "items", columns: [
            ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 12)),
            ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(2, min: 10)),
            ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
        ], list: ListState(paging: Paging(style: .pageNumber(param: "page", first: 1))),
           size: TerminalSize(columns: 200, rows: 50))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (0..<count).map { i in
            RowModel(id: String(i), title: "Item \(i) with a longer title 青花瓷", subtitle: "Subtitle \(i)",
                     fields: ["title": .text("Item \(i)"), "subtitle": .text("Subtitle \(i)"),
                              "price": .text("\(i % 500).99")], fieldOrder: ["title", "subtitle", "price"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: 0))))
        return state
    }

    static func run(reps: Int) -> BenchResult {
        let big = state(rows: 100_000), small = state(rows: 100)
        let renderer = AppRenderer()
        func step(_ base: AppState) -> () -> Void {
            return {
                var s = base
                _ = AppReducer.reduce(&s, .list(.move(.pageDown)))
                let grid = renderer.render(s, now: 0)
                precondition(grid.width == 200)
            }
        }
        let (ours, reference) = Bench.compare(reps: reps, inner: 20, ours: step(big), reference: step(small))
        return BenchResult(name: "virtualize", unit: "page-down + frame 200x50", ours: ours, reference: reference,
                           referenceName: "same, 100 items", target: 1.2)
    }
}
