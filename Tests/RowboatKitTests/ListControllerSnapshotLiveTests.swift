import Foundation
import RowboatKit
import Synchronization
import Testing

/// `onLiveSnapshot`: each tick hands back the whole list, and the rows
/// become it as a diffable data source applies a snapshot — inserts at
/// their place, updates in place, deletes — with the selection kept.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerSnapshotLiveTests {
    static func rows(_ names: [String], version: String = "1") -> [ListRow] {
        names.map { ListRow(id: $0, title: $0, fields: ["version": version]) }
    }

    @Test func aSnapshotInsertsInPlaceUpdatesAndDeletesKeepingTheSelection() async throws {
        // A sorted package list: "cmake" is installed, "bash" removed, "curl" upgraded.
        let now = Mutex(Self.rows(["apt", "bash", "coreutils", "curl", "dpkg"]))
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(now.withLock { $0 }, isLast: true) }
        controller.onLiveSnapshot(every: 1) { now.withLock { $0 } }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("j")
        session.press("j")
        session.press("m")                                  // coreutils marked; the cursor moves on, to curl
        #expect(session.snapshot.rows[session.snapshot.selection].id == "curl")
        now.withLock {
            $0 = Self.rows(["apt", "cmake", "coreutils"]) + [ListRow(id: "curl", title: "curl", fields: ["version": "2"])]
                + Self.rows(["dpkg"])
        }
        try await session.waitUntil { !$0.rows.contains { $0.id == "bash" } }
        let snapshot = session.snapshot
        #expect(snapshot.rows.map(\.id) == ["apt", "cmake", "coreutils", "curl", "dpkg"])
        #expect(snapshot.rows[3].value("version") == "2")
        #expect(snapshot.rows[snapshot.selection].id == "curl")
        #expect(snapshot.markedIDs == ["coreutils"])
        #expect(snapshot.newRowIDs == ["cmake"])
        #expect(session.frame().contains { $0.hasPrefix("+  cmake") })
        session.close()
    }

    @Test func whenTheSelectedRowGoesTheSelectionStaysAtItsPlace() async throws {
        let now = Mutex(Self.rows(["a", "b", "c", "d"]))
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(now.withLock { $0 }, isLast: true) }
        controller.onLiveSnapshot(every: 1) { now.withLock { $0 } }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("G")
        #expect(session.snapshot.selection == 3)
        now.withLock { $0 = Self.rows(["a", "b"]) }
        try await session.waitUntil { $0.rows.count == 2 }
        #expect(session.snapshot.selection == 1)
        #expect(session.snapshot.rows.map(\.id) == ["a", "b"])
        session.close()
    }
}
