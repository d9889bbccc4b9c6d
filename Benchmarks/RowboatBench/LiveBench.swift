import RowboatCore
import RowboatSpec
import RowboatViews

/// A live tick on a 100,000-row list costs the UI thread no more than a
/// plain refresh of that list does. What the UI thread does with each
/// answer, as the run loop does it on the state it owns: the answer through
/// `AppReducer`, then a full 200x50 frame. The pages were fetched and
/// mapped into rows off the UI thread in both cases, so neither side
/// counts that.
///
/// - ours: a live tick's first page, 30 rows: 2 new listings on top and
///   28 the list already has, unchanged — merged by id into the 100,000
///   rows (the new ones put on top and marked, the selection kept). One
///   state ticked again and again in place, as a live list is.
/// - reference: a plain refresh's first page, the same 30-row shape,
///   replacing the 100,000 rows (which are freed, as the run loop frees
///   them). Each sample gets a list of its own, made before the clock
///   starts.
enum LiveBench {
    static let rows = 100_000

    static func run(reps: Int) -> BenchResult {
        let renderer = AppRenderer()
        var live = VirtualizeBench.state(rows: rows)
        live.list.live = LiveRefresh(every: 30)
        _ = AppReducer.reduce(&live, .list(.move(.to(10))))
        var nextID = rows
        /// One tick of ours: started (not timed), then its answer and the frame (timed).
        func tick() -> Double {
            _ = AppReducer.reduce(&live, .list(.liveTick))
            guard let request = live.list.inFlight, request.kind == .live else { fatalError("no live tick started") }
            let fresh = (0..<2).map { n -> RowModel in
                nextID += 1
                return RowModel(id: String(nextID), title: "Item \(nextID) with a longer title 青花瓷",
                                subtitle: "Subtitle \(nextID)",
                                fields: ["title": .text("Item \(nextID)"), "subtitle": .text("Subtitle \(nextID)"),
                                         "price": .text("\(nextID % 500).99")], fieldOrder: ["title", "subtitle", "price"])
            }.reversed()
            let page = PageLoad(rows: Array(fresh) + Array(live.list.rows.prefix(28)), totalPages: 1, fetchedAt: 0)
            let start = Bench.now()
            _ = AppReducer.reduce(&live, .answer(.tab("items"), .pageLoaded(requestID: request.id, page)))
            let grid = renderer.render(live, now: 0)
            let seconds = Double(Bench.now() - start) / 1e9
            precondition(grid.width == 200 && live.list.inFlight == nil)
            return seconds
        }
        // The reference's list, asked to refresh; each sample refreshes a copy of its own.
        var base = VirtualizeBench.state(rows: rows)
        _ = AppReducer.reduce(&base, .list(.move(.to(10))))
        _ = AppReducer.reduce(&base, .list(.refresh))
        guard let refresh = base.list.inFlight else { fatalError("no refresh started") }
        let firstPage = PageLoad(rows: Array(base.list.rows.prefix(30)), totalPages: 1, fetchedAt: 0)
        func plainRefresh() -> Double {
            var state = base
            state.list.rows = RowTable(base.list.rows)   // its own rows, as the run loop's are
            let start = Bench.now()
            _ = AppReducer.reduce(&state, .answer(.tab("items"), .pageLoaded(requestID: refresh.id, firstPage)))
            let grid = renderer.render(state, now: 0)
            let seconds = Double(Bench.now() - start) / 1e9
            precondition(grid.width == 200 && state.list.rows.count == 30)
            return seconds
        }
        _ = tick()
        _ = plainRefresh()
        var ours: [Double] = [], reference: [Double] = []
        for rep in 0..<reps {
            if rep % 2 == 0 {
                ours.append(tick()); reference.append(plainRefresh())
            } else {
                reference.append(plainRefresh()); ours.append(tick())
            }
        }
        let marked = live.list.live?.newIDs.count ?? 0
        return BenchResult(name: "live-tick", unit: "a tick's answer (2 new rows, 28 known) merged + frame 200x50, "
                           + "\(rows) rows", ours: Bench.median(ours), reference: Bench.median(reference),
                           referenceName: "plain refresh's answer + frame", target: 1.1,
                           note: "ticked in place \(reps + 1) times: \(live.list.rows.count) rows at the end, "
                               + "\(marked) marked new, the selection on item \(live.list.selectedRow?.id ?? "-")")
    }
}
