import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// `rowboat fetch` on the smaller cases of issue #28: a compressed body is
/// one line saying so, an empty NDJSON body prints an empty page and exits
/// 0, a link list without a Link header says so once on stderr.
@Suite("rowboat fetch: compressed bodies, empty NDJSON, no Link header", .serialized, .timeLimit(.minutes(2)))
struct HostileFramingCLITests {
    @Test func aCompressedBodyIsOneLine() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        for key in ["gzip-bomb", "gzip-stream", "gzip-magic"] {
            let r = try await Subprocess.rowboat("fetch", key, "--config", try HostileNumberCLITests.config(server))
            #expect(r.status == 1, "\(key)")
            #expect(r.stdout == "")
            #expect(r.stderr == "rowboat: response body is compressed (gzip) though no compression was asked for\n", "\(key)")
        }
    }

    @Test(arguments: ["jsonl", "json", "csv"])
    func anEmptyNDJSONBodyIsAnEmptyPage(format: String) async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", "ndjson-empty", "--format", format,
                                             "--config", try HostileNumberCLITests.config(server))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        #expect(r.stdout == ["jsonl": "", "json": "[]\n", "csv": "id,title,subtitle,description\r\n"][format], "\(r.stdout)")
    }

    @Test func aLinkListWithoutALinkHeaderSaysSoOnce() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let r = try await Subprocess.rowboat("fetch", "no-link", "--pages", "all", "--format", "jsonl",
                                             "--config", try HostileNumberCLITests.config(server))
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 10)
        #expect(r.stderr == "rowboat: no next page: the server sent no Link header with rel=\"next\" (paging.style link)\n")
        #expect(server.requestCount(path: "/pages/no-link") == 1)
    }
}
