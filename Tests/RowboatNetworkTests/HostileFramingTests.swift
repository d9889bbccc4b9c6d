import Foundation
import RowboatApp
import RowboatSpec
import RowboatDemo
import Synchronization
import Testing
@testable import RowboatNetwork

/// The smaller cases of issue #28 against the hostile server: a compressed
/// body large enough to be streamed ends at its first piece saying it is
/// compressed (it read as "JSON nested deeper than 512 levels"), an empty
/// NDJSON body is an empty page (it was "empty response"), and a `link`
/// list whose server sends no Link header says so once.
@Suite("Hostile server: compressed bodies, empty NDJSON, no Link header", .serialized, .timeLimit(.minutes(2)))
struct HostileFramingTests {
    @Test(arguments: ["gzip-stream", "gzip-magic"])
    func aStreamedCompressedBodyEndsAtOnceSayingSo(key: String) async throws {
        try await Hostile.withServer { server in
            let config = try Hostile.config(server)
            let batches = Mutex(0)
            let error = await Support.failure {
                _ = try await Support.withClient(config) { client in
                    try await client.fetchPageReply(key, cursor: .first) { _ in batches.withLock { $0 += 1 } }
                }
            }
            #expect(error == .compressedBody("gzip"), "\(key): \(String(describing: error))")
            #expect(batches.withLock { $0 } == 0)
        }
    }

    @Test func anEmptyNDJSONBodyIsAnEmptyPage() async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("ndjson-empty", from: server)
            let page = try #require(outcome.page, "\(String(describing: outcome.error))")
            #expect(page.items.isEmpty)
        }
    }

    @Test func aLinkListWithoutALinkHeaderSaysSoOnItsFirstPage() async throws {
        try await Hostile.withServer { server in
            let outcome = try await Hostile.fetch("no-link", from: server)
            let page = try #require(outcome.page, "\(String(describing: outcome.error))")
            #expect(page.items.count == 10 && page.nextURL == nil)
            #expect(PagingNotice.text(page.absentPaths)
                == #"no next page: the server sent no Link header with rel="next" (paging.style link)"#)
        }
    }
}
