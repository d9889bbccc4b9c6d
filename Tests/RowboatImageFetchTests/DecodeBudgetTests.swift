import Foundation
import RowboatCache
import RowboatSpec
import RowboatDemo
import RowboatNetwork
import RowboatProcess
import Testing
import RowboatImages
@testable import RowboatImageFetch
import RowboatTestSupport
import RowboatCells

/// Decoded-image memory: a budget shared by the fetch queue's jobs, costs
/// read from the header (the JPEG DCT scale the card needs, a progressive
/// file's coefficient buffer, PNG at full size), and 8000x6000 images from
/// the hostile server.
@Suite("Decoded-image memory budget", .serialized, .timeLimit(.minutes(5)))
struct DecodeBudgetTests {
    /// The hostile server's 8000x6000 image of `kind`, fetched once.
    static func hugeImage(_ server: HostileServer, kind: String, transport: HTTPTransport) async throws -> [UInt8] {
        let reply = try await transport.send(RequestSpec(method: .get, url: server.baseURL + "/images/huge/1?kind=\(kind)",
                                                         headers: [], body: nil, timeoutSeconds: 120))
        #expect(reply.status == 200)
        return reply.body
    }

    static func peakRSS() -> Int { ProcessMemory.peak() }
    static func currentRSS() -> Int { ProcessMemory.resident() }
    static func resetPeak() -> Bool { ProcessMemory.resetPeak() }

    @Test func costsComeFromTheHeaderAtTheScaleTheCardNeeds() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let transport = HTTPTransport(maxBodyBytes: 64 << 20)
        let maker = ThumbnailMaker()
        // A 20x8 card: JPEGs decode at 1/8 (1000x750, 3,000,000 bytes of RGBA).
        let baseline = try await Self.hugeImage(server, kind: "jpeg", transport: transport)
        #expect(try maker.decoder.probe(baseline).size == PixelSize(width: 8000, height: 6000))
        #expect(try maker.peakBytes(baseline, columns: 20, rows: 8) == 3_000_000)
        // Progressive: the same output plus libjpeg's whole-image coefficients
        // (4:2:0: 1000x750 luma blocks and twice 500x375 chroma blocks, 128 bytes each).
        let progressive = try await Self.hugeImage(server, kind: "progressive", transport: transport)
        #expect(try maker.decoder.probe(progressive).workBytes == 144_000_000)
        #expect(try maker.peakBytes(progressive, columns: 20, rows: 8) == 147_000_000)
        // PNG has no scaled decode: full size.
        let png = try await Self.hugeImage(server, kind: "png", transport: transport)
        #expect(try maker.peakBytes(png, columns: 20, rows: 8) == 192_000_000)
        await transport.shutdown()
    }

    @Test func waitersGetInInOrderAsBytesComeBack() async throws {
        let watch = BudgetWatch()
        let budget = DecodeBudget(bytes: 100, observe: watch.see)
        await budget.acquire(30)
        await budget.acquire(30)
        let order = OrderLog()
        let big = Task { await budget.acquire(70); await order.add("big") }
        // The barrier: the big waiter is queued before the small one.
        while watch.now.waiting < 1 { await Task.yield() }
        let small = Task { await budget.acquire(10); await order.add("small") }
        while watch.now.waiting < 2 { await Task.yield() }
        // 10 would fit now, but waits behind the big one: first come, first served.
        #expect(await order.names == [])
        // Room for the big one only: it goes in, the small one still waits.
        await budget.release(30)
        await big.value
        #expect(await order.names == ["big"])
        #expect(watch.now.waiting == 1)
        await budget.release(30)
        await small.value
        #expect(await order.names == ["big", "small"])
        #expect(watch.peakHeld == 100)
        #expect(watch.peakHolders == 2)
    }

    @Test func aDecodeOverTheWholeBudgetFailsWithTheReason() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let transport = HTTPTransport(maxBodyBytes: 64 << 20)
        let log = ImageEventLog()
        let queue = ImageFetchQueue(transport: transport, store: nil, memory: MemoryCache(maxCost: 8 << 20),
                                    maker: ThumbnailMaker(), budget: DecodeBudget(bytes: 64 << 20), timeoutSeconds: 120,
                                    clock: { Date().timeIntervalSince1970 }, post: { log.append($0) })
        let key = ImageRequest(url: server.baseURL + "/images/huge/1?kind=png", columns: 20, rows: 8)
        await queue.want([key])
        #expect(await eventually { log.finalCount([key]) == 1 })
        #expect(log.events(for: key).last == .failed(key, reason: "needs 183 MB, over the 64 MB image budget"))
        await transport.shutdown()
    }

    /// Eight 8000x6000 PNGs (192 MB each while decoding: PNG has no scaled
    /// decode) on a queue of six jobs: without a budget as many decode at
    /// once as there are threads in the pool (two here: about 400 MB, six
    /// on a six-core machine); with the default 256 MB budget one at a time.
    @Test(.enabled(if: resetPeak(), "needs /proc/self/clear_refs"))
    func manyHugeImagesStayWithinTheBudget() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let transport = HTTPTransport(maxBodyBytes: 64 << 20)
        _ = try await Self.hugeImage(server, kind: "png", transport: transport)  // made before measuring
        let watch = BudgetWatch()
        let budget = DecodeBudget(observe: watch.see)
        let log = ImageEventLog()
        let queue = ImageFetchQueue(transport: transport, store: nil, memory: MemoryCache(maxCost: 8 << 20),
                                    maker: ThumbnailMaker(), budget: budget, timeoutSeconds: 120,
                                    clock: { Date().timeIntervalSince1970 }, post: { log.append($0) })
        let keys = (1...8).map {
            ImageRequest(url: server.baseURL + "/images/huge/\($0)?kind=png", columns: 24, rows: 10)
        }
        let before = Self.currentRSS()
        #expect(Self.resetPeak())
        await queue.want(keys)
        #expect(await eventually(timeout: 240) { log.finalCount(keys) == keys.count })
        let growth = Self.peakRSS() - before
        for key in keys {
            guard case .loaded(_, let thumbnail) = log.events(for: key).last else {
                Issue.record("\(key.url): \(log.events(for: key))")
                continue
            }
            #expect(thumbnail.columns == 24 && thumbnail.rows == 10)
        }
        #expect(watch.peakHolders == 1)
        #expect(watch.peakHeld == 192_000_000)
        // The budget and 64 MB for everything else (the bytes, the thumbnails, the heap).
        #expect(growth < DecodeBudget.defaultBytes + (64 << 20), "peak RSS grew by \(growth >> 20) MB")
        await transport.shutdown()
    }
}

/// Names in the order they were added.
actor OrderLog {
    var names: [String] = []
    func add(_ name: String) { names.append(name) }
}
