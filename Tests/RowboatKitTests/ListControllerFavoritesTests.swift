import Foundation
import RowboatKit
import Synchronization
import Testing

/// Favorites kept between runs (issue #35), in a real JSON file: the star
/// key and the remote store them, the hook sees them, the next run and
/// `favoriteRows()` read them back; `.sessionOnly` writes nothing.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerFavoritesTests {
    static func rows() -> [ListRow] { (1...5).map { ListRow(id: "\($0)", title: "Row \($0)") } }

    /// Each list of favorite ids the hook was called with.
    final class Seen: Sendable {
        let lists = Mutex<[[String]]>([])
        var last: [String]? { lists.withLock { $0.last } }
    }

    func controller(_ place: ListFavoritesPlace, seen: Seen? = nil) -> ListController {
        let controller = ListController(title: "things")
        controller.favoritesPlace = place
        controller.onReload { ListPage(Self.rows(), isLast: true) }
        if let seen { controller.onFavoritesChange = { rows in seen.lists.withLock { $0.append(rows.map(\.id)) } } }
        return controller
    }

    @Test func keptBetweenRunsReadObservedAndStored() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app/favorites.json").path
        let seen = Seen()
        let first = controller(.file(file), seen: seen)
        let session = try first.session()
        try await session.waitUntilSettled()
        try await session.waitUntil { _ in seen.last == [] }   // the first read: none yet
        session.press("j")
        session.press("*")
        try await session.waitUntil { _ in seen.last == ["2"] }
        first.remote.setFavorite(ListRow(id: "4", title: "Row 4"))
        try await session.waitUntil { _ in seen.last == ["4", "2"] }
        session.close()
        #expect(first.favoriteRows().map(\.id) == ["4", "2"])

        // The next run finds them.
        let second = controller(.file(file))
        let again = try second.session()
        try await again.waitUntilSettled()
        again.press("F")
        try await again.waitUntil { _ in again.frame().contains { $0.contains("Row 4") } && again.frame().contains { $0.contains("Row 2") } }
        second.remote.setFavorite(ListRow(id: "2", title: "Row 2"), false)
        try await again.waitUntil { _ in !again.frame().contains { $0.contains("Row 2") } }
        again.close()
        #expect(second.favoriteRows().map(\.id) == ["4"])
    }

    @Test func sessionOnlyWritesNothing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let controller = controller(.sessionOnly)
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("*")
        #expect(session.frame().contains { $0.contains("added to favorites") })
        session.close()
        #expect(controller.favoriteRows().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.path))
    }

    @Test func aFileThatIsNotAFavoritesFileIsLeftAsItIsAndSaidInOneLine() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("favorites.json").path
        let before = Data("my notes, not JSON\n".utf8)
        FileManager.default.createFile(atPath: file, contents: before)
        let controller = controller(.file(file))
        let session = try controller.session()
        try await session.waitUntilSettled()
        #expect(session.frame().contains { $0.contains("favorites not kept") && $0.contains("not a favorites file") })
        session.press("*")
        session.close()
        #expect(FileManager.default.contents(atPath: file) == before)
        #expect(controller.favoriteRows().isEmpty)
    }

    @Test func aFileTooLargeIsNotReadAndLeftAsItIs() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("favorites.json").path
        FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: 65 << 20)   // sparse: nothing is written
        try handle.close()
        let controller = controller(.file(file))
        let session = try controller.session()
        try await session.waitUntilSettled()
        #expect(session.frame().contains { $0.contains("favorites not kept: too large") })
        session.close()
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) == 65 << 20)
    }

    @Test func twoRunsStarringAtOnceLoseNothing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("favorites.json").path
        let (a, b) = (controller(.file(file)), controller(.file(file)))
        let (one, two) = (try a.session(), try b.session())
        try await one.waitUntilSettled()
        try await two.waitUntilSettled()
        // Each star is a write (then a read back) on its run's store queue; the two queues write the one file.
        for id in 1...5 {
            a.remote.setFavorite(ListRow(id: "a\(id)", title: "A \(id)"))
            b.remote.setFavorite(ListRow(id: "b\(id)", title: "B \(id)"))
        }
        // Closing waits for the writes in hand.
        one.close()
        two.close()
        #expect(Set(controller(.file(file)).favoriteRows().map(\.id)) == Set((1...5).flatMap { ["a\($0)", "b\($0)"] }))
    }
}
