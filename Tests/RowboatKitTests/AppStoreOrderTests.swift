import Dispatch
@testable import RowboatKit
import RowboatCore
import RowboatSpec
import RowboatCells
import Synchronization
import Testing

/// The store's observer (a kit's select, open, marks and favorites hooks)
/// sees the states in the order the reducer made them, whichever threads
/// send: a `ListSession` is sent to by the caller and by the effects'
/// answers at once.
struct AppStoreOrderTests {
    /// A list of `count` rows, loaded, the first selected.
    static func loaded(_ count: Int) -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: Paging(),
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...count).map { RowModel(id: String($0), title: "Row \($0)") }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: 0))))
        return state
    }

    @Test func twoThreadsSendingAreSeenInTheReducersOrder() {
        let steps = 1_000
        let seen = Mutex<[Int]>([])
        let store = AppStore(Self.loaded(2 * steps + 1), observe: { state in
            // A hook that takes its time: it reads a few hundred rows first.
            let selection = state.list.selection
            let read = state.list.rows.prefix(300).reduce(0) { $0 + $1.title.utf8.count }
            seen.withLock { $0.append(read > 0 ? selection : -1) }
        })
        // Each step moves one row down: the n-th state made has row n selected.
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<steps { store.send(.list(.move(.down))) { _ in } }
        }
        let order = seen.withLock { $0 }
        #expect(order.count == 2 * steps)
        // Counted, not listed: a failure names how many came out of turn.
        #expect(zip(order, 1...).filter { $0 != $1 }.count == 0)
    }

    @Test func anObserverThatSendsAgainIsSeenAtOnceAndInOrder() {
        let seen = Mutex<[Int]>([])
        let box = Mutex<AppStore?>(nil)
        let store = AppStore(Self.loaded(10), observe: { state in
            seen.withLock { $0.append(state.list.selection) }
            // The hook moves on once more from row 2, inside its own step.
            if state.list.selection == 1 { box.withLock { $0 }?.send(.list(.move(.down))) { _ in } }
        })
        box.withLock { $0 = store }
        store.send(.list(.move(.down))) { _ in }
        store.send(.list(.move(.down))) { _ in }
        #expect(seen.withLock { $0 } == [1, 2, 3])
        box.withLock { $0 = nil }
    }
}
