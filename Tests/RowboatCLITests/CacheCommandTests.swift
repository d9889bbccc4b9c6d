import Foundation
import RowboatDemo
import Testing

/// `rowboat cache size|clear` and `fetch --mode`, with the real binary, a
/// real demo server and a cache in a temp directory.
@Suite("rowboat cache end to end", .timeLimit(.minutes(1)))
struct CacheCommandTests {
    /// The demo config pointed at `server`, its cache in `cacheDir`, written to a temp file.
    static func demoConfig(server: DemoServer, cacheDir: String) throws -> String {
        let yaml = try String(contentsOfFile: Paths.demoYAML, encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080",
                                  with: "server: \(server.baseURL)\nlocalCache: {path: \"\(cacheDir)\"}")
        return try Paths.write(yaml, name: "api.yaml")
    }

    @Test func fetchStoresSizeReportsClearEmptiesAndCacheOnlyWorksOffline() async throws {
        let server = try await DemoServer.start(port: 0)
        let cacheDir = try Paths.tempDir().path
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        let config = try Self.demoConfig(server: server, cacheDir: cacheDir)

        let online = try await Subprocess.rowboat("fetch", "items", "--pages", "2", "--format", "jsonl", "--config", config)
        #expect(online.status == 0 && online.stderr == "")
        var size = try await Subprocess.rowboat("cache", "size", "--config", config)
        #expect(size.status == 0)
        let lines = size.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("responses ") == true && lines.first?.hasSuffix(" (2 entries)") == true)
        #expect(lines.dropFirst().first == "images 0 B (0 entries)")
        #expect(lines.last?.hasPrefix("total ") == true && lines.last?.contains(cacheDir + "/rowboat-") == true)

        await server.stop()
        let offline = try await Subprocess.rowboat("fetch", "items", "--pages", "2", "--format", "jsonl",
                                                   "--mode", "cache-only", "--config", config)
        #expect(offline.status == 0)
        #expect(offline.stdout == online.stdout)

        let clear = try await Subprocess.rowboat("cache", "clear", "--responses", "--config", config)
        #expect(clear.status == 0 && clear.stdout == "cleared responses: 2 entries\n")
        size = try await Subprocess.rowboat("cache", "size", "--config", config)
        #expect(size.stdout.hasPrefix("responses 0 B (0 entries)\n"))
        let miss = try await Subprocess.rowboat("fetch", "items", "--mode", "cache-only", "--config", config)
        #expect(miss.status == 1 && miss.stdout == "" && miss.stderr == "rowboat: not in the cache\n")
    }

    /// Where a private mount namespace can be made (root, or user namespaces).
    static let canMount = (try? Subprocess.run(["/usr/bin/unshare", "-m", "true"]).status) == 0

    @Test(.enabled(if: canMount, "needs unshare -m and mount (root or user namespaces)"))
    func cacheOnlyWithAReadOnlyCacheSaysItIsReadOnly() async throws {
        let server = try await DemoServer.start(port: 0)
        let cacheDir = try Paths.tempDir().path
        defer { try? FileManager.default.removeItem(atPath: cacheDir) }
        let config = try Self.demoConfig(server: server, cacheDir: cacheDir)
        #expect(try await Subprocess.rowboat("fetch", "items", "--config", config).status == 0)
        await server.stop()
        // The same cache directory, bind-mounted read-only in a namespace of its own.
        let mount = "mount --bind \(cacheDir) \(cacheDir) && mount -o remount,bind,ro \(cacheDir) && exec \"$0\" \"$@\""
        let r = try Subprocess.run(["/usr/bin/unshare", "-m", "sh", "-c", mount, Subprocess.rowboat,
                                    "fetch", "items", "--mode", "cache-only", "--config", config])
        #expect(r.status == 1 && r.stdout == "")
        #expect(r.stderr == "rowboat: not in the cache: cache disabled: the cache is read-only (\(cacheDir): Read-only file system)\n")
    }

    @Test func unusableCacheDirectoryIsOneLine() async throws {
        let dir = try Paths.tempDir().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        let yaml = try String(contentsOfFile: Paths.demoYAML, encoding: .utf8) + "\nlocalCache: {path: \"\(dir)/file/c\"}\n"
        let config = try Paths.write(yaml, name: "api.yaml")
        let r = try await Subprocess.rowboat("cache", "size", "--config", config)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("rowboat: cache disabled: cannot create \(dir)/file/c"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }
}
