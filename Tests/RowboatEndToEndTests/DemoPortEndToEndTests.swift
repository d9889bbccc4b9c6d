import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// The embedded demo listens on one port run after run, so the URLs of its
/// images (the cache's keys) and links (what favorites keep) stay valid:
/// the guide's "the next run needs no network" holds for the demo too.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DemoPortEndToEndTests {
    /// A port nothing listens on now.
    func freePort() throws -> Int {
        try RefusingPort().port   // bound, read, and let go at once
    }

    /// `rowboat cache size` of the demo config: the images line's entries.
    func cachedImages(_ environment: [String: String]) throws -> Int? {
        let env = environment.map { "\($0.key)=\($0.value)" }
        let r = try Subprocess.run(["/usr/bin/env"] + env + [TmuxSession.binary, "cache", "size"])
        #expect(r.status == 0)
        return r.output.firstMatch(of: /images [^\n]* \(([0-9]+) entr/).flatMap { Int($0.1) }
    }

    /// The categories tab, every thumbnail in (12 rows, all on screen, none
    /// waiting or failed), then quit.
    func browseCategories(_ environment: [String: String]) async throws {
        let tmux = try TmuxSession(arguments: ["--endpoint", "categories"], columns: 100, rows: 30, environment: environment)
        try await tmux.waitForScreen(timeout: 60) { screen in
            screen.contains("categories · 12/12") && screen.split(separator: "\n").filter { $0.hasPrefix("✓    ") }.count == 12
        }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func aSecondRunUsesTheCachedImagesAgain() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-demo-port-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = ["XDG_CACHE_HOME": dir, "ROWBOAT_DEMO_PORT": String(try freePort())]
        try await browseCategories(environment)
        let first = try #require(try cachedImages(environment))
        #expect(first > 0)
        try await browseCategories(environment)
        // The same URLs: every image came from the cache, none was stored anew.
        #expect(try cachedImages(environment) == first)
    }

    /// The port taken (another rowboat): a free one, and the status bar says
    /// so (this run's image URLs differ: its images are fetched again).
    @Test func aTakenPortFallsBackWithANotice() async throws {
        try await DemoServer.withRunning { other in
            let tmux = try TmuxSession(arguments: [], environment: ["ROWBOAT_DEMO_PORT": String(other.port)])
            let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains(" in use: demo on ") }
            #expect(screen.contains("port \(other.port) in use: demo on "))
            try tmux.send("q")
            #expect(await tmux.waitForExit() == 0)
        }
    }
}
