import Foundation
import RowboatKit
import Synchronization
import Testing

/// Refresh keeps the selected row beyond the first page (issue #35),
/// through the kit's public API.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerRefreshTests {
    /// 200 items of 50 a page; `added` new items come first.
    final class Source: Sendable {
        let added = Mutex(0)
        let asked = Mutex<[Int]>([])

        func page(_ number: Int) -> ListPage {
            asked.withLock { $0.append(number) }
            let new = added.withLock { $0 }
            let items = (0..<new).map { ListRow(id: "new\($0)", title: "New \($0)") }
                + (1...200).map { ListRow(id: "\($0)", title: "Row \($0)") }
            let slice = items.dropFirst(number * 50).prefix(50)
            return ListPage(Array(slice), isLast: number * 50 + 50 >= items.count)
        }
    }

    @Test func refreshKeepsTheSelectedRowBeyondTheFirstPage() async throws {
        let source = Source()
        let controller = ListController(title: "rows")
        controller.onReload { source.page(0) }
        controller.onLoadMore { more in source.page(more.page) }
        let session = try controller.session()
        try await session.waitUntilSettled()
        while session.snapshot.selection < 70 {
            session.press("j")
            try await session.waitUntilSettled()
        }
        #expect(session.snapshot.rows[70].id == "71")
        // Sixty items arrive at the top: "71" is on the third page now.
        source.added.withLock { $0 = 60 }
        source.asked.withLock { $0 = [] }
        session.press("r")
        try await session.waitUntil { $0.status != .refreshing && $0.status != .loadingMore }
        let snapshot = session.snapshot
        #expect(snapshot.rows[snapshot.selection].id == "71")
        #expect(snapshot.selection == 130)
        // Pages until the row was found (then, near the end, the next by itself).
        #expect(source.asked.withLock { $0 }.prefix(3) == [0, 1, 2])
        // Only fresh rows: the new ones first, in the server's order.
        #expect(snapshot.rows.prefix(3).map(\.id) == ["new0", "new1", "new2"])
        #expect(snapshot.rows.count == 150 || snapshot.rows.count == 200)
        #expect(snapshot.rows.dropFirst(60).prefix(70).map(\.id) == (1...70).map(String.init))
        #expect(session.frame().contains { $0.contains("Row 71") })
        session.close()
    }
}
