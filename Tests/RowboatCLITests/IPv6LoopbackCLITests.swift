#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// A server whose origin is an IPv6 literal (`http://[::1]:PORT`): the
/// import (of the document's URL, and of a file with `--server`), the
/// probe and `rowboat URL --save` reach it and write it with its brackets,
/// and the configs they write walk it. The demo server is bound on `::1`
/// only (loopback); where the machine has no IPv6 loopback the suite is
/// off (OpenAPIImportTests and URLOriginTests check the joining without a
/// server).
@Suite("An IPv6 loopback server: import, probe and rowboat URL", .serialized,
       .enabled(if: IPv6Loopback.available, "no IPv6 loopback (::1) on this machine"))
struct IPv6LoopbackCLITests {
    static func withServer(_ body: (CountedDemoServer) async throws -> Void) async throws {
        let server = try await CountedDemoServer.start(host: "::1")
        do {
            try await body(server)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The ids `fetch KEY --pages all` prints with the config at `path`.
    static func walk(_ key: String, config path: String) async throws -> [String] {
        let r = try await Subprocess.rowboat(["fetch", key, "--pages", "all", "--format", "jsonl", "--config", path])
        #expect(r.status == 0, "\(key): \(r.stderr)")
        return try r.stdout.split(separator: "\n").map { line in
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (row["id"] as? String) ?? (row["id"] as? NSNumber).map { "\($0)" } ?? ""
        }
    }

    @Test func theImportOfTheDocumentsURLWalksTheServer() async throws {
        try await Self.withServer { server in
            #expect(server.baseURL.hasPrefix("http://[::1]:"))
            let r = try await Subprocess.rowboat("config", "import", server.baseURL + "/openapi.json")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("\nserver: \"\(server.baseURL)\"\n"), "\(r.stdout)")
            #expect(!r.stdout.contains("GET /api/items: its response is not a list"), "\(r.stdout)")
            #expect(!r.stdout.contains("not checked"), "\(r.stdout)")
            #expect(r.stdout.contains("    paging:                       # verified: walked "), "\(r.stdout)")
            let path = try Paths.write(r.stdout, name: "ipv6-import.yaml")
            let ids = try await Self.walk("makers", config: path)
            #expect(ids.count == 40 && Set(ids).count == 40)
        }
    }

    @Test func theImportOfAFileWithServerWalksTheServer() async throws {
        try await Self.withServer { server in
            // The document's own server is relative: --server names the IPv6 origin.
            let document = try Paths.write(DemoOpenAPI.json, name: "demo-openapi.json")
            let r = try await Subprocess.rowboat("config", "import", document, "--server", server.baseURL)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("\nserver: \"\(server.baseURL)\"\n"), "\(r.stdout)")
            for path in ["/api/items", "/api/categories", "/api/reviews", "/api/makers"] {
                #expect(!r.stdout.contains("GET \(path): its response is not a list"), "\(r.stdout)")
            }
            #expect(r.stdout.contains("  items:\n") && r.stdout.contains("  categories:\n"), "\(r.stdout)")
            #expect(r.stdout.contains("    paging:                       # verified: walked "), "\(r.stdout)")
            let path = try Paths.write(r.stdout, name: "ipv6-import-server.yaml")
            let ids = try await Self.walk("categories", config: path)
            #expect(ids.count == 12 && Set(ids).count == 12)
        }
    }

    @Test func theProbeAndRowboatURLWalkTheServer() async throws {
        try await Self.withServer { server in
            let url = server.baseURL + "/api/v1/namespaces/default/pods?limit=20"
            let probe = try await Subprocess.rowboat("config", "probe", url)
            #expect(probe.status == 0, "\(probe.stderr)")
            #expect(probe.stdout.contains("\nserver: \"\(server.baseURL)\"\n"), "\(probe.stdout)")
            #expect(probe.stdout.contains("# Verified: paging cursor, walked "), "\(probe.stdout)")
            let probed = try Paths.write(probe.stdout, name: "ipv6-probe.yaml")
            #expect(try await Self.walk("pods", config: probed).count == DemoLookalikes.itemCount)

            let saved = try Paths.tempDir().appendingPathComponent("ipv6-saved.yaml").path
            let run = try await Subprocess.rowboat([server.baseURL + "/api/authors/", "--save", saved])
            #expect(run.stderr.contains("stdin and stdout must be a terminal"), "\(run.stderr)")
            let draft = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(draft.contains("\nserver: \"\(server.baseURL)\"\n"), "\(draft)")
            // The next URLs the server sends are absolute, on the IPv6 origin.
            #expect(draft.contains("# Verified: paging nextURL, walked "), "\(draft)")
            #expect(try await Self.walk("authors", config: saved).count == DemoLookalikes.itemCount)
        }
    }
}

/// Whether this machine can bind the IPv6 loopback address.
enum IPv6Loopback {
    static let available: Bool = {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        address.sin6_port = 0
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }()
}
