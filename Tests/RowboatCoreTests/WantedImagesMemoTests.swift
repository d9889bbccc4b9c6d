import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

/// The wanted thumbnails kept from one action to the next (`WantedImagesMemo`)
/// are, after every action, the list worked out from the state anew.
@Suite("Images: the wanted list kept while its basis holds")
struct WantedImagesMemoTests {
    /// Item `id`, whose "v" counts down (a sort by it reverses the rows).
    func row(_ id: Int, image: String? = nil) -> RowModel {
        RowModel(id: String(id), title: "Item \(id)", imageURL: image ?? "http://127.0.0.1:1/images/\(id).png",
                 fields: ["v": .text(String(1000 - id))], fieldOrder: ["v"])
    }

    /// Sends `action`, then checks the state's list against one worked out anew.
    @discardableResult
    func send(_ state: inout AppState, _ action: AppAction, _ note: Comment) -> [AppEffect] {
        let effects = AppReducer.reduce(&state, action)
        #expect(state.wantedImages == AppReducer.wantedImages(state), note)
        return effects
    }

    @Test func everyActionLeavesTheListWorkedOutAnew() {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        send(&state, .list(.appeared), "appeared")
        send(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: (1...60).map { row($0) }, totalPages: 5,
                                                                fetchedAt: 0))), "first page")
        let before = state.wantedImages
        // A move inside the screen: the same list, kept.
        #expect(send(&state, .list(.move(.down)), "down") == [])
        #expect(state.wantedImages == before)
        send(&state, .list(.move(.to(21))), "scrolled")
        send(&state, .list(.move(.to(0))), "back to the top")
        // A row's picture changed in place: the same count, a new stamp.
        let replaced = send(&state, .list(.replaceRows([row(3, image: "http://127.0.0.1:1/images/new3.png")])),
                            "replaced")
        #expect(replaced.contains { if case .wantImages(let w) = $0 { w.contains { $0.url.hasSuffix("new3.png") } } else { false } })
        send(&state, .list(.removeRows(["2"])), "removed")
        send(&state, .toggleView, "grid")
        send(&state, .list(.move(.pageDown)), "grid page down")
        send(&state, .resized(TerminalSize(columns: 120, rows: 40)), "larger")
        send(&state, .toggleView, "table")
        send(&state, .resized(TerminalSize(columns: 80, rows: 24)), "smaller")
        // Rows put in another order: the same count, a new stamp.
        send(&state, .list(.sort(LocalSort(field: "v", title: "V", kind: .number))), "sorted")
        #expect(state.wantedImages.first?.url == "http://127.0.0.1:1/images/60.png")
        send(&state, .openDetail, "detail")
        send(&state, .closeDetail, "detail closed")
        // Taken out to be tried again: asked again though the basis holds.
        send(&state, .list(.move(.home)), "home")
        let first = state.wantedImages[0]
        _ = AppReducer.reduce(&state, .image(first, .failed("bad")))
        let retried = send(&state, .retryImage, "retry")
        #expect(retried.contains(.wantImages(state.wantedImages)))
        #expect(state.wantedImages.contains(first))
        send(&state, .list(.pageLoaded(requestID: 2, PageLoad(rows: (61...70).map { row($0) }, totalPages: 5,
                                                                fetchedAt: 0))), "another page")
        send(&state, .list(.move(.end)), "end")
        state.turnImagesOff()
        send(&state, .list(.move(.home)), "images off")
    }
}
