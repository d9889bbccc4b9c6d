import Foundation
import RowboatKit
import Synchronization
import Testing

/// Control from code and totals (issue #35): the remote called from other
/// tasks reloads, loads more, updates, removes and selects rows; a page's
/// total shows in the status bar.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerRemoteTests {
    static func rows(_ range: ClosedRange<Int>, tag: String = "") -> [ListRow] {
        range.map { ListRow(id: "\($0)", title: "Row \($0)\(tag)") }
    }

    @Test func theRemoteFromOtherTasks() async throws {
        let reloads = Mutex(0)
        let controller = ListController(title: "rows")
        controller.onReload {
            let n = reloads.withLock { $0 += 1; return $0 }
            return ListPage(Self.rows(1...30, tag: n > 1 ? " again" : ""), isLast: false, total: 45)
        }
        controller.onLoadMore { _ in ListPage(Self.rows(31...45), isLast: true, total: 45) }
        let remote = controller.remote
        #expect(!remote.isRunning)
        remote.reload()   // not running: nothing
        let session = try controller.session()
        #expect(remote.isRunning)
        try await session.waitUntilSettled()
        // The total, before every row is loaded.
        #expect(session.frame().last?.contains("rows · 30/45") == true)
        await Task.detached { remote.loadMore() }.value
        try await session.waitUntil { $0.status == .allLoaded }
        #expect(session.snapshot.rows.count == 45)
        await Task.detached { remote.select(id: "40") }.value
        try await session.waitUntil { $0.rows[$0.selection].id == "40" }
        await Task.detached {
            remote.update(ListRow(id: "40", title: "Forty"))
            remote.update(ListRow(id: "999", title: "not loaded"))
            remote.remove(id: "41")
        }.value
        try await session.waitUntil { $0.rows.count == 44 }
        #expect(session.snapshot.rows[session.snapshot.selection].title == "Forty")
        #expect(!session.snapshot.rows.contains { $0.id == "41" || $0.id == "999" })
        await Task.detached { remote.reload() }.value
        try await session.waitUntil { $0.rows.first?.title == "Row 1 again" && $0.status != .refreshing }
        #expect(reloads.withLock { $0 } == 2)
        // The selected row, beyond the first page, is kept.
        #expect(session.snapshot.rows[session.snapshot.selection].id == "40")
        session.close()
        #expect(!remote.isRunning)
        remote.reload()   // closed: nothing
        #expect(reloads.withLock { $0 } == 2)
    }
}
