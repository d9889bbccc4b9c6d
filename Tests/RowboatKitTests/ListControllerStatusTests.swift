import Foundation
import RowboatKit
import Synchronization
import Testing

/// The program's own status segment, its note on the marked rows, and
/// favorites looked up fresh by id.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerStatusTests {
    static func rows(_ sizes: [Int]) -> [ListRow] {
        sizes.enumerated().map { ListRow(id: "p\($0.offset)", title: "pkg \($0.offset)", fields: ["size": "\($0.element)"]) }
    }

    @Test func aStatusSegmentAndASumOfTheMarkedRows() async throws {
        let controller = ListController(title: "packages")
        let remote = controller.remote
        controller.onReload {
            remote.setStatus("3 packages · 60 kB")
            return ListPage(Self.rows([10, 20, 30]), isLast: true)
        }
        controller.onMarked { rows in "\(rows.reduce(0) { $0 + (Int($1.value("size")) ?? 0) }) kB" }
        let session = try controller.session(columns: 100)
        try await session.waitUntil { $0.programStatus != nil && $0.status == .allLoaded }
        #expect(session.frame().last?.contains("packages · 3/3 · 3 packages · 60 kB") == true)
        session.press("m")
        session.press("j")
        session.press("j")
        session.press("m")
        try await session.waitUntil { $0.markedNote == "40 kB" }
        #expect(session.snapshot.markedIDs == ["p0", "p2"])
        #expect(session.frame().last?.contains("2 marked · 40 kB") == true)
        session.press("g")
        session.press("m")   // p0 unmarked
        try await session.waitUntil { $0.markedNote == "30 kB" }
        session.press("G")
        session.press("m")   // p2 unmarked: no marks, no note
        try await session.waitUntil { $0.markedIDs.isEmpty && $0.markedNote == nil }
        session.close()
    }

    @Test func favoritesAreLookedUpFreshWhenTheListOpens() async throws {
        let version = Mutex("1")
        let controller = ListController(title: "packages")
        controller.favoritesPlace = .sessionOnly
        controller.onReload { ListPage([ListRow(id: "bash", title: "bash", subtitle: "v\(version.withLock { $0 })")], isLast: true) }
        controller.onFavorites { ids in
            ids.map { ListRow(id: $0, title: $0, subtitle: "v\(version.withLock { $0 })") }
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("*")
        try await session.waitUntil { $0.favoriteIDs == ["bash"] }
        version.withLock { $0 = "2" }
        session.press("F")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("v2") } }
        #expect(!session.frame().contains { $0.contains("v1") })
        session.close()
    }

    @Test func aFavoritesHookThatThrowsKeepsTheKeptCopies() async throws {
        struct Down: Error, CustomStringConvertible { var description: String { "the package database is locked" } }
        let controller = ListController(title: "packages")
        controller.favoritesPlace = .sessionOnly
        controller.onReload { ListPage([ListRow(id: "bash", title: "bash", subtitle: "v1")], isLast: true) }
        controller.onFavorites { _ in throw Down() }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("*")
        session.press("F")
        try await session.waitUntil { $0.lastToast == "favorites not refreshed: the package database is locked" }
        #expect(session.snapshot.favoriteIDs == ["bash"])
        #expect(session.frame().contains { $0.contains("v1") })
        session.close()
    }
}
