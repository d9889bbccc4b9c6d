import Foundation
import RowboatApp
import RowboatKit
import RowboatSpec
import RowboatTestSupport
import Testing

/// A `ListController` over a config (issue #43 step 4: the app uses the
/// kit's controller as any kit user does): the demo config's endpoints
/// browsed headless against a real demo server, with the controller's own
/// knobs on top of the config's.
@Suite(.timeLimit(.minutes(1)))
struct ConfigListControllerTests {
    /// The demo config pointed at `server`, its cache and kept state in a
    /// folder of the test's own.
    func demo(_ server: CountedDemoServer, folder: String) throws -> RowboatConfig {
        var config = try ConfigFile.load(ConfigFile.demoConfigPath())
        config.server = server.baseURL
        config.localCache.path = folder + "/cache"
        return config
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "config-controller-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aConfigsEndpointsArePagedAndItsFavoritesKeptInItsCache() async throws {
        try await CountedDemoServer.withRunning { server in
            let folder = try folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let controller = try ListController(config: demo(server, folder: folder), endpoint: "items")
            controller.stateDirectory = folder
            controller.images = nil
            let session = try controller.session(columns: 120, rows: 30)
            try await session.waitUntilSettled()
            #expect(session.snapshot.rows.count == 30)
            #expect(session.snapshot.images.isEmpty)
            let frame = session.frame().joined(separator: "\n")
            #expect(frame.contains("Items") && frame.contains("Categories"))   // a tab for each endpoint
            session.press("space")
            try await session.waitUntil { $0.rows.count == 60 }
            #expect(server.requestCount(path: "/api/items") == 2)
            // The star lands in the config's cache database (the controller's automatic place).
            let first = try #require(session.snapshot.rows.first)
            session.press("*")
            try await session.waitUntil { $0.favoriteIDs == [first.id] }
            #expect(await eventually(timeout: 10) { controller.favoriteRows().map(\.id) == [first.id] })
            session.close()
        }
    }

    @Test func theControllersKeysAndActionsGoOnTop() async throws {
        try await CountedDemoServer.withRunning { server in
            let folder = try folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let controller = try ListController(config: demo(server, folder: folder))
            controller.stateDirectory = folder
            controller.favoritesPlace = .sessionOnly
            controller.images = nil
            controller.keys = ["refresh": ["f5"]]
            controller.addAction("Shout", key: "x") { rows in ListActionResult("shouted \(rows[0].title)") }
            let session = try controller.session(columns: 120, rows: 30)
            try await session.waitUntilSettled()
            let first = try #require(session.snapshot.rows.first)
            session.press("r")   // no longer the refresh key
            session.press("f5")
            #expect(await eventually(timeout: 10) { server.requestCount(path: "/api/items") == 2 })
            try await session.waitUntilSettled()
            #expect(server.requestCount(path: "/api/items") == 2)
            session.press("x")
            try await session.waitUntil { $0.lastToast == "shouted \(first.title)" }
            session.close()
        }
    }

    @Test func mistakesAreOneLine() async throws {
        try await CountedDemoServer.withRunning { server in
            let folder = try folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let config = try demo(server, folder: folder)
            let unknown = #expect(throws: ListControllerError.self) { try ListController(config: config, endpoint: "itemz") }
            #expect(unknown?.description.contains("did you mean \"items\"") == true)
            // The config's own action key (S: Mark sold) is taken.
            let taken = try ListController(config: config)
            taken.addAction("Mine", key: "S") { _ in ListActionResult() }
            #expect(throws: ListControllerError.self) { try taken.session() }
            // Pages come from the config, not from closures.
            let closures = try ListController(config: config)
            closures.onReload { ListPage([ListRow](), isLast: true) }
            let error = #expect(throws: ListControllerError.self) { try closures.session() }
            #expect(error?.description.hasPrefix("onReload:") == true)
        }
    }

    @Test func aConfigFileIsBrowsedByItsPath() async throws {
        try await CountedDemoServer.withRunning { server in
            let folder = try folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/list.yaml"
            try """
                server: \(server.baseURL)
                localCache: {path: \(folder)/cache}
                interfaces:
                  categories:
                    url: /api/categories
                    response: {list: datas.list}
                    item: {id: id, title: name}
                """.write(toFile: path, atomically: true, encoding: .utf8)
            let controller = try ListController(configFile: path)
            controller.stateDirectory = folder
            controller.favoritesPlace = .sessionOnly
            let session = try controller.session()
            try await session.waitUntilSettled()
            #expect(!session.snapshot.rows.isEmpty)
            #expect(server.requestCount(path: "/api/categories") == 1)
            session.close()
            #expect(throws: ConfigError.self) { try ListController(configFile: folder + "/none.yaml") }
        }
    }
}
