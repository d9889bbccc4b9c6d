import Foundation
import RowboatCore
import RowboatSpec

extension MillionBench {
    /// A million rows filtered locally must be shown within 0.3 s (issue #32).
    static let filterBudget = 0.3

    /// Seconds of one filter key: from the action to the filter in force
    /// (a long list's rows found as the effect runner finds them, off the
    /// UI thread there), of those on the UI thread (wall, and that
    /// thread's CPU), and the CPU off it (the scan and the rows made).
    struct FilterKey {
        var total = 0.0, ui = 0.0, uiCPU = 0.0, scanCPU = 0.0
    }

    /// Where the time of making the rows as the filter leaves them goes
    /// (`RowTable.showOnly`: the runner's, off the UI thread, unless rows
    /// came meanwhile; measured again on a copy of the rows): the rows set
    /// aside put back (`unhideAll`, with the copy of the positions a
    /// shared table makes; no index made), then the rows kept, the others
    /// set aside, the index made and the rows let back put in order
    /// (`keep`: under a sort, one step).
    struct AnswerSteps {
        var unhide = 0.0, keep = 0.0
        var text: String { "unhideAll \(Bench.time(unhide)), keep \(Bench.time(keep))" }
    }

    /// Puts `sort` (nil: the server's order) in force on `state`, its
    /// order worked out as the runner works it out.
    static func putInForce(_ state: inout AppState, _ sort: LocalSort?) {
        let effects = AppReducer.reduce(&state, .list(.sort(sort)))
        guard case .sortRows(let list, let id, let sort, let rows)? = effects.first else { return }
        let order = sort?.order(of: rows) ?? []
        var sorted = rows
        if let sort { sorted.reorder(order, by: sort) } else { sorted.restoreNaturalOrder() }
        _ = AppReducer.reduce(&state, .answer(list, .rowsSorted(requestID: id, order: order, rows: sorted)))
    }

    /// Puts `filter` in force on `state` as the app does and times it.
    static func filterKey(_ state: inout AppState, _ filter: RowFilter?, steps: inout AnswerSteps) -> FilterKey {
        var key = FilterKey()
        let start = Bench.now(), startCPU = Bench.threadCPU()
        let effects = AppReducer.reduce(&state, .list(.filter(filter)))
        let asked = Bench.now(), askedCPU = Bench.threadCPU()
        key.total = Double(asked - start) / 1e9
        key.ui = key.total
        key.uiCPU = Double(askedCPU - startCPU) / 1e9
        guard let effect = effects.first(where: { if case .filterRows = $0 { true } else { false } }) else {
            return key
        }
        // The runner's part, its copy of the rows let go before the answer (as the runner's is).
        let (list, id, kept, narrowing, made): (ListID, Int, [Int]?, Bool, RowTable) = {
            guard case .filterRows(let list, let id, let filter, let rows, let aside, let sort) = effect else { fatalError() }
            let cpu = Bench.processCPU()
            let kept = filter.map { aside ? rows.rowsWithAside(matching: $0) : rows.rows(rows.indices, matching: $0) }
            var shown = rows
            shown.showOnly({ _ in kept }, narrowing: !aside, sort: sort)
            key.scanCPU = Double(Bench.processCPU() - cpu) / 1e9
            return (list, id, kept, !aside, shown)
        }()
        let before = state.list.rows
        let worked = Bench.now(), workedCPU = Bench.threadCPU()
        _ = AppReducer.reduce(&state, .answer(list, .rowsFiltered(requestID: id, kept: kept ?? [], rows: made)))
        let end = Bench.now(), endCPU = Bench.threadCPU()
        precondition(state.list.filter == filter && state.list.filtering == nil, "the filter is in force")
        key.total = Double(end - start) / 1e9
        key.ui += Double(end - worked) / 1e9
        key.uiCPU += Double(endCPU - workedCPU) / 1e9
        steps = answerSteps(before, kept: kept, narrowing: narrowing, sort: state.list.sort)
        return key
    }

    /// `ListReducer.putInForce`'s steps again, each timed, on a copy of
    /// `rows` (`kept` nil: no filter, every row back).
    static func answerSteps(_ rows: RowTable, kept: [Int]?, narrowing: Bool, sort: LocalSort?) -> AnswerSteps {
        var steps = AnswerSteps()
        var copy = rows
        var t = Bench.now()
        var start = copy.count
        // As `showOnly` does: the rows put back get their index with the rows kept.
        if !narrowing { start = copy.unhideAll(indexed: false).lowerBound }
        steps.unhide = Double(Bench.now() - t) / 1e9
        t = Bench.now()
        copy.keep(kept, letBackFrom: start, sort: sort)
        steps.keep = Double(Bench.now() - t) / 1e9
        return steps
    }

    /// `filter-million`: the local filter (`RowFilter`) of `state`'s rows
    /// by price greater than the middle row's (money, as a number), timed
    /// from the action through `AppReducer` to the filter in force: past
    /// `inlineFilterRows` the rows that meet it are found as the effect
    /// runner finds them (off the UI thread there: keys are answered
    /// meanwhile, the rows as the filter leaves them made there too), the
    /// answer puts them in force. In the note: the UI thread's share, where
    /// the making of the rows goes, a second condition (title contains
    /// "lantern", only the rows still shown tested), every row back (no
    /// row tested, all put back in order, off the UI thread too), and all
    /// of it again under a local sort by price.
    static func filterRows(_ state: inout AppState, reps: Int) -> BenchResult {
        let rows = state.list.rows
        let middle = rows[rows.count / 2].text("price", now: 0)
        let price = FilterCondition(field: "price", title: "Price", relation: .greater, value: middle, kind: .money)
        let title = FilterCondition(field: "title", title: "Title", relation: .contains, value: "lantern")
        var first: [FilterKey] = [], second: [FilterKey] = [], back: [FilterKey] = []
        var sortedTitle: [FilterKey] = [], sortedPrice: [FilterKey] = [], sortedBack: [FilterKey] = []
        var firstSteps = AnswerSteps(), secondSteps = AnswerSteps(), sortedSteps = AnswerSteps(), none = AnswerSteps()
        var backSteps = AnswerSteps(), sortedBackSteps = AnswerSteps()
        var shown = 0, narrowed = 0
        for _ in 0..<max(3, reps / 10) {
            first.append(filterKey(&state, RowFilter([price]), steps: &firstSteps))
            shown = state.list.rows.count
            second.append(filterKey(&state, RowFilter([price, title]), steps: &secondSteps))
            narrowed = state.list.rows.count
            back.append(filterKey(&state, nil, steps: &backSteps))
            precondition(state.list.rows.count == rows.count, "every row back")
        }
        // Under a local sort by price: rows let back (all of them when the filter goes) merged into its order.
        let byPrice = LocalSort(field: "price", title: "Price", kind: .money)
        putInForce(&state, byPrice)
        precondition(state.list.sort == byPrice, "sorted by price")
        for _ in 0..<max(3, reps / 10) {
            sortedTitle.append(filterKey(&state, RowFilter([title]), steps: &none))
            sortedPrice.append(filterKey(&state, RowFilter([price]), steps: &sortedSteps))
            sortedBack.append(filterKey(&state, nil, steps: &sortedBackSteps))
        }
        putInForce(&state, nil)
        func text(_ keys: [FilterKey]) -> String {
            "\(Bench.time(Bench.median(keys.map(\.total)))) (UI thread \(Bench.time(Bench.median(keys.map(\.ui)))), "
                + "\(Bench.time(Bench.median(keys.map(\.uiCPU)))) of its CPU; off it \(Bench.time(Bench.median(keys.map(\.scanCPU)))) of CPU: the scan and the rows made)"
        }
        return BenchResult(
            name: "filter-million", unit: "local filter price > \(middle) (money), \(rows.count) rows, key to rows in force",
            ours: Bench.median(first.map(\.total)), reference: filterBudget, referenceName: "0.3 s", target: 1.0,
            note: "\(shown) rows shown: \(text(first)); the rows made (by the runner, off the UI thread): \(firstSteps.text); "
                + "then title ~ lantern on those: \(text(second)) (\(narrowed) shown; \(secondSteps.text)); "
                + "every row back: \(text(back)) (\(backSteps.text)); under a sort by price, title ~ "
                + "lantern: \(text(sortedTitle)), then price > x (every row tested, those it lets back put in "
                + "the sort's order): \(text(sortedPrice)) (\(sortedSteps.text)), every row "
                + "back into the sort's order: \(text(sortedBack)) (\(sortedBackSteps.text))")
    }
}
