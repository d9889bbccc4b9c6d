import Foundation
import RowboatKit
import Synchronization
import Testing

/// A ListController's live refresh and columns panel through its public
/// API: the live closure is asked again while the list is on screen and
/// its page merged by id; the columns panel shows `moreColumns`, and the
/// arrangement comes back in the next session from `stateDirectory`.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerLiveTests {
    static func rows(_ ids: [Int]) -> [ListRow] {
        ids.map { ListRow(id: "\($0)", title: "Row \($0)", subtitle: "sub \($0)", fields: ["n": "\($0)", "city": "C\($0 % 3)"]) }
    }

    @Test func aLiveListGainsRowsOnTopAndTheSelectionStays() async throws {
        let ticks = Mutex(0)
        let controller = ListController(title: "feed")
        controller.onReload { ListPage(Self.rows(Array((1...10).reversed())), isLast: true) }
        // Each tick the feed has one more row on top.
        controller.onLiveRefresh(every: 1) {
            let n = ticks.withLock { $0 += 1; return $0 }
            return ListPage(Self.rows(Array((1...(10 + n)).reversed())), isLast: true)
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("j")
        session.press("j")
        #expect(session.snapshot.rows[session.snapshot.selection].id == "8")
        // Live every second (or, on a slow machine, its first tick already in flight).
        #expect(session.frame().last.map { $0.contains("live 1 s") || $0.contains("live ↻") } == true)
        try await session.waitUntil { $0.rows.count >= 12 }
        let snapshot = session.snapshot
        #expect(snapshot.rows.prefix(3).map(\.id) == ["12", "11", "10"])
        #expect(snapshot.rows[snapshot.selection].id == "8")
        #expect(snapshot.newRowIDs.isSubset(of: ["11", "12"]) && !snapshot.newRowIDs.isEmpty)
        #expect(session.frame().contains { $0.hasPrefix("+  Row 12") })
        // Paused: the session schedules no tick (LiveReducerTests shows no
        // clock brings one). A reload is the barrier: it runs, and the live
        // closure is not asked on its way.
        session.press("t")
        #expect(session.frame().last?.contains("live paused") == true)
        let asked = ticks.withLock { $0 }
        session.press("r")
        try await session.waitUntilSettled()
        #expect(ticks.withLock { $0 } == asked)
        #expect(session.frame().last?.contains("live paused") == true)
        session.close()
    }

    @Test func aFailingTickBacksOffAndKeepsTheRows() async throws {
        struct Down: Error, CustomStringConvertible { var description: String { "feed is down" } }
        let controller = ListController(title: "feed")
        controller.onReload { ListPage(Self.rows([3, 2, 1]), isLast: true) }
        controller.onLiveRefresh(every: 1) { throw Down() }
        let session = try controller.session()
        // In back-off from the first failure on (2 s, then 4 s, …: each tick fails).
        try await session.waitUntil { _ in session.frame().last?.contains("next try in") == true }
        #expect(session.frame().last.map { $0.contains("next try in 2 s") || $0.contains("next try in 4 s") } == true)
        #expect(session.snapshot.rows.map(\.id) == ["3", "2", "1"])
        #expect(session.frame().last?.contains("live: feed is down") == true)
        session.close()
    }

    @Test func theColumnsPanelShowsMoreColumnsAndTheArrangementIsKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-kit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func controller() -> ListController {
            let controller = ListController(title: "mine")
            controller.moreColumns = [ListColumn("city", title: "City", width: 6)]
            controller.columnsKey = "test-list"
            controller.stateDirectory = directory
            controller.onReload { ListPage(Self.rows([1, 2, 3]), isLast: true) }
            return controller
        }
        let first = try controller().session()
        try await first.waitUntilSettled()
        first.press("c")
        #expect(first.frame().contains { $0.contains("○ City") })
        for key in ["j", "j", "space", "esc"] { first.press(key) }
        #expect(first.frame()[0].contains("City"))
        first.close()
        // The file is written off the UI thread: the next session finds it.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        let file = try #require(files.first, "\(files)")
        #expect(files.count == 1 && file.hasPrefix("columns-") && file.hasSuffix(".json"), "\(files)")
        let second = try controller().session()
        try await second.waitUntilSettled()
        #expect(second.frame()[0].contains("City"))
        second.close()
        // A damaged file is one line, and the list starts with its own columns.
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent(file))
        let third = try controller().session()
        try await third.waitUntilSettled()
        #expect(!third.frame()[0].contains("City"))
        #expect(third.frame().last?.contains("column layout not used") == true)
        third.close()
    }
}
