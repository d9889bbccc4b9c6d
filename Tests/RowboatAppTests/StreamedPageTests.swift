import Foundation
import RowboatApp
import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatDemo
import RowboatNetwork
import RowboatParsing
import Synchronization
import Testing

/// A huge response from the demo server's /api/bulk (Config/bulk.yaml)
/// arrives in parts, in order; a small one is one page, stored as always.
@Suite(.timeLimit(.minutes(2)))
struct StreamedPageTests {
    /// Every delivery of one network `get` of `items` bulk items.
    static func deliveries(items: Int, shape: String = "envelope", asRows: Bool = false)
        async throws -> (deliveries: [PageLoad<PageItems>], stored: CachedResponse?) {
        let server = try await DemoServer.start(port: 0)
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/bulk.yaml").path
        var config = try ConfigFile.load(path)
        config.server = server.baseURL
        if shape == "bare" { config.endpoints[0].response = ResponseShape(listPath: JSONPath("")!) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-bulk-\(UUID().uuidString)").path
        config.localCache.path = dir
        let store = CacheStore.open(for: config, now: 1)
        let transport = HTTPTransport(connectTimeoutSeconds: 2)
        let source = PageSource(client: DataClient(config: config, transport: transport), store: store, clock: { 1 })
        let params: [String: ParamValue] = ["items": .one(String(items)), "shape": .one(shape)]
        let got = Mutex<[PageLoad<PageItems>]>([])
        do {
            let rows = asRows ? RowModelBuilder(mapping: config.endpoints[0].item) : nil
            try await source.get(config.endpoints[0], cursor: .first, params: params, mode: .network, rows: rows) { delivery in
                got.withLock { $0.append(delivery) }
            }
        } catch {
            Issue.record("get failed: \(error)")
        }
        await transport.shutdown()
        await server.stop()
        let key = ResponseKey(endpoint: "bulk", params: params, cursor: .first)
        let stored = try store.response(key)
        try? FileManager.default.removeItem(atPath: dir)
        return (got.withLock { $0 }, stored)
    }

    @Test(arguments: ["envelope", "bare"])
    func aHugeBodyArrivesInPartsInOrder(shape: String) async throws {
        let (deliveries, stored) = try await Self.deliveries(items: 30_000, shape: shape)
        #expect(deliveries.count >= 2)
        #expect(deliveries.dropLast().allSatisfy { $0.facts.continues && !$0.final })
        let last = try #require(deliveries.last)
        #expect(!last.facts.continues && last.final)
        let ids = deliveries.flatMap { $0.content.items.map(\.id) }
        #expect(ids == (1...30_000).map(String.init))
        #expect(last.facts.totalCount == (shape == "bare" ? nil : 30_000))
        #expect(deliveries.first?.content.items.first?.text("title") == "Copper Lantern 1")
        #expect(stored == nil, "a body never held whole is not stored")
    }

    @Test func askedForRowsAHugeBodyArrivesAsRowsInPartsInOrder() async throws {
        let (deliveries, stored) = try await Self.deliveries(items: 30_000, asRows: true)
        #expect(deliveries.count >= 2)
        #expect(deliveries.dropLast().allSatisfy { $0.facts.continues && !$0.final && $0.content.items.isEmpty })
        var rows = RowTable()
        for delivery in deliveries { rows.append(table: RowTable(try #require(delivery.content.rows))) }
        #expect(rows.map(\.id) == (1...30_000).map(String.init))
        #expect(rows[0].title == "Copper Lantern 1")
        let last = try #require(deliveries.last)
        #expect(!last.facts.continues && last.final && last.facts.totalCount == 30_000)
        #expect(stored == nil)
    }

    @Test func aSmallBodyIsOnePageAndStored() async throws {
        let (deliveries, stored) = try await Self.deliveries(items: 100)
        #expect(deliveries.count == 1)
        #expect(deliveries.first?.content.items.count == 100)
        #expect(deliveries.first?.facts.continues == false)
        #expect(stored != nil)
    }
}
