import Foundation
import GRDB
import RowboatApp
@testable import RowboatCache
import RowboatCore
import RowboatSpec
@testable import RowboatKit
import RowboatKitHTTP
import RowboatNetwork
import Synchronization
import Testing

/// Favorites whose store write fails are reported, not swallowed: the
/// runner posts the failure, and reading back shows what the disk holds.
@Suite(.timeLimit(.minutes(1)))
struct FavoritesFailureTests {
    @Test func aFailedWriteIsPostedAndTheReadBackIsTrueToTheDisk() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = try ConfigFile.load(ConfigFile.demoConfigPath())
        config.server = "http://127.0.0.1:9"
        config.localCache.path = dir
        let store = CacheStore.open(for: config)
        #expect(store.isEnabled)
        // A damaged database: the favorites table is gone.
        try await #require(store.pool).write { try $0.execute(sql: "DROP TABLE favorite") }

        let posted = Mutex<[AppAction]>([])
        let answered = AsyncStream<Void>.makeStream()
        let transport = HTTPTransport()
        let runner = EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                                  store: CacheListStore(store), post: { action in
                                      posted.withLock { $0.append(action) }
                                      answered.continuation.yield()
                                  })
        var answers = answered.stream.makeAsyncIterator()
        runner.run(.saveFavorite(endpoint: "items", RowModel(id: "1", title: "Brass Lantern")))
        _ = await answers.next()
        runner.run(.loadFavorites(endpoint: "items"))   // the same queue: answered after the write
        _ = await answers.next()
        await transport.shutdown()
        let actions = posted.withLock { $0 }
        #expect(actions.count == 2)
        guard case .favoriteWriteFailed("items", let reason)? = actions.first else {
            Issue.record("no failure posted: \(actions)")
            return
        }
        #expect(reason.contains("no such table: favorite"))
        #expect(actions.last == .favoritesLoaded(endpoint: "items", []))
    }
}
