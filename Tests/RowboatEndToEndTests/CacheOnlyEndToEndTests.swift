import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `--mode cache-only` as cache.md promises it: only the cache, never the
/// network (pages and images), and where the cached pages end the list
/// says so instead of failing.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CacheOnlyEndToEndTests {
    @Test func cacheOnlyNeverTouchesTheNetworkAndEndsWhereTheCacheDoes() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-cache-only-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try await CountedDemoServer.withRunning { server in
            let config = dir + "/demo.yaml"
            try (try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
                .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)"))
                .write(toFile: config, atomically: true, encoding: .utf8)
            let environment = ["XDG_CACHE_HOME": dir]
            // Online: the first page (and some images) reach the cache.
            do {
                let online = try TmuxSession(arguments: ["--config", config], environment: environment)
                try await online.waitForScreen { $0.contains("✓    Brass Lantern") && $0.contains("ready") }
                try online.send("q")
                #expect(await online.waitForExit() == 0)
            }
            // No image in the cache: every card must say so, none may be fetched.
            let cleared = try Subprocess.run(["/usr/bin/env", "XDG_CACHE_HOME=\(dir)", TmuxSession.binary,
                                              "cache", "clear", "--images", "--config", config])
            #expect(cleared.status == 0 && cleared.output.hasPrefix("cleared images: "))
            let before = server.totalRequests
            let offline = try TmuxSession(arguments: ["--config", config, "--mode", "cache-only"], environment: environment)
            try await offline.waitForScreen { $0.contains("Brass Lantern") && $0.contains("30/1000") }
            // The end of the page, and space: page 2 is not cached.
            try offline.send("G", "Space")
            let end = try await offline.waitForScreen { $0.contains("end of the cached pages") }
            #expect(!end.contains("r to retry") && !end.contains("failed"))
            #expect(end.contains("1 Items 30") && !end.contains("Items ✗"))
            #expect(end.contains("items · 30/1000 · page 1/34 · ready"))
            // Images not cached say so; none is downloaded.
            try offline.send("v")
            let grid = try await offline.waitForScreen { $0.contains("grid") && $0.contains("not in the cache") }
            #expect(!grid.contains("✓"))
            try offline.send("q")
            #expect(await offline.waitForExit() == 0)
            #expect(server.totalRequests == before, "cache-only sent \(server.totalRequests - before) requests")
        }
    }
}
