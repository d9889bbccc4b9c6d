import Foundation
import RowboatCache
import RowboatSpec
import RowboatDemo
import RowboatNetwork
import Testing
import RowboatImages
@testable import RowboatImageFetch
import RowboatTestSupport
import RowboatCells

/// The fetch queue against the real demo server and a real SQLite cache.
@Suite(.timeLimit(.minutes(3)))
struct ImageFetchQueueTests {
    @Test func oneRequestPerURLHoweverManySizes() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(log: log)
            let url = world.url(7)
            let sizes = [(20, 8), (10, 4), (40, 16), (6, 3), (30, 10)]
            let keys = sizes.map { ImageRequest(url: url, columns: $0.0, rows: $0.1) }
            await queue.want(keys + keys.prefix(2)) // duplicates count once
            #expect(await eventually { log.finalCount(keys) == keys.count })
            #expect(world.requests(url) == 1)
            for key in keys {
                guard case .loaded(_, let thumbnail) = log.events(for: key).last else {
                    Issue.record("\(key) not loaded: \(log.events(for: key))")
                    continue
                }
                #expect(thumbnail.columns == key.columns && thumbnail.rows == key.rows)
            }

            // A size asked for while the first is under way shares the download.
            let other = world.url(12)
            let small = ImageRequest(url: other, columns: 12, rows: 5)
            let large = ImageRequest(url: other, columns: 24, rows: 10)
            await queue.want([small])
            await queue.want([small, large])
            #expect(await eventually { log.finalCount([small, large]) == 2 })
            #expect(world.requests(other) == 1)
        }
    }

    /// Cache-only browsing: images come from the disk cache alone; one
    /// not there fails as "not in the cache" and no GET is sent for it.
    @Test func offlineTakesTheDiskCacheAndNeverTheNetwork() async throws {
        try await ImageFetchWorld.run { world in
            let cached = ImageRequest(url: world.url(1), columns: 16, rows: 6)
            let online = ImageEventLog()
            await world.queue(log: online).want([cached])
            #expect(await eventually { online.finalCount([cached]) == 1 })
            #expect(world.requests(cached.url) == 1)

            let log = ImageEventLog()
            let offline = world.queue(memory: MemoryCache(maxCost: 64 << 20), offline: true, log: log)
            let missing = ImageRequest(url: world.url(2), columns: 16, rows: 6)
            await offline.want([cached, missing])
            #expect(await eventually { log.finalCount([cached, missing]) == 2 })
            guard case .loaded = log.events(for: cached).last else {
                Issue.record("\(log.events(for: cached))")
                return
            }
            #expect(log.events(for: missing).last == .failed(missing, reason: "not in the cache"))
            #expect(world.requests(cached.url) == 1 && world.requests(missing.url) == 0)
            // A retry asks the cache again, not the network.
            await offline.retry(url: missing.url)
            await offline.want([cached, missing])
            #expect(await eventually { log.events(for: missing).filter(\.isFinal).count == 2 })
            #expect(world.requests(missing.url) == 0)
        }
    }

    @Test func concurrencyNeverExceedsTheLimit() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(limit: 3, log: log)
            let keys = ImageFetchWorld.smallIDs(40).map { ImageRequest(url: world.url($0), columns: 16, rows: 6) }
            await queue.want(keys)
            #expect(await eventually { log.finalCount(keys) == keys.count })
            #expect(world.server.totalRequests == 40)
            // Seen from outside: keys between .downloading and their final event.
            var open = 0
            var most = 0
            for event in log.all {
                open += event.isFinal ? -1 : 1
                most = max(most, open)
            }
            #expect(most == 3 && open == 0)   // three at once, never more
            #expect(log.all.allSatisfy { if case .loaded = $0 { true } else { !$0.isFinal } })
        }
    }

    @Test func eventsArriveInOrderOnePerKey() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(limit: 2, log: log)
            var keys: [ImageRequest] = []
            for id in ImageFetchWorld.smallIDs(6) {
                keys.append(ImageRequest(url: world.url(id), columns: 16, rows: 6))
                keys.append(ImageRequest(url: world.url(id), columns: 8, rows: 3))
            }
            keys.append(ImageRequest(url: world.server.baseURL + "/images/99999.png", columns: 16, rows: 6))
            keys.append(ImageRequest(url: world.server.baseURL + "/api/items", columns: 16, rows: 6))
            await queue.want(keys)
            #expect(await eventually { log.finalCount(keys) == keys.count })
            for key in keys {
                let events = log.events(for: key)
                #expect(events.count == 2, "\(key): \(events)")
                #expect(events.first == .downloading(key), "\(key): \(events)")
                #expect(events.last?.isFinal == true, "\(key): \(events)")
            }
            #expect(await queue.runningCount == 0)
        }
    }

    @Test func keysScrolledAwayAreNeverFetched() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(limit: 2, log: log)
            let keys = (1...200).map { ImageRequest(url: world.url($0), columns: 16, rows: 6) }
            await queue.want(keys)
            await queue.want([])
            #expect(await eventually { await queue.runningCount == 0 })
            let started = log.all.filter { !$0.isFinal }.map(\.key)
            #expect(started.count == 2)
            // The running jobs finished and posted; their bytes are on disk.
            #expect(await eventually { log.finalCount(started) == 2 })
            for key in started {
                #expect(log.events(for: key).count == 2)
                let stored = try world.store.image(url: key.url, now: 0)
                #expect(stored != nil)
            }
            let settledCount = log.all.count
            // The barrier: one more image, asked for and answered; anything
            // the dropped keys posted would have come before its answer.
            let barrier = ImageRequest(url: world.url(ImageFetchWorld.smallIDs(40).last!), columns: 16, rows: 6)
            await queue.want([barrier])
            #expect(await eventually { log.events(for: barrier).last?.isFinal == true })
            #expect(log.all.dropFirst(settledCount).allSatisfy { $0.key == barrier })
            #expect(Set(log.all.prefix(settledCount).map(\.key)) == Set(started))
            #expect(world.server.totalRequests == 3)
        }
    }

    @Test func failedImagesWaitForRetry() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(log: log)
            let missing = ImageRequest(url: world.server.baseURL + "/images/99999.png", columns: 16, rows: 6)
            let json = ImageRequest(url: world.server.baseURL + "/api/items", columns: 16, rows: 6)
            let good = ImageRequest(url: world.url(1), columns: 16, rows: 6)
            await queue.want([missing, json, good])
            #expect(await eventually { log.finalCount([missing, json, good]) == 3 })
            #expect(log.events(for: missing).last == .failed(missing, reason: "HTTP 404"))
            #expect(log.events(for: json).last == .failed(json, reason: "not an image (starts with '{')"))
            guard case .loaded = log.events(for: good).last else {
                Issue.record("good image: \(log.events(for: good))")
                return
            }
            let kept = try world.store.image(url: json.url, now: 0)
            #expect(kept == nil) // broken bytes are not kept
            #expect(world.requests(missing.url) == 1 && world.requests(json.url) == 1)

            // Still wanted, or wanted again: the failure is reported, not refetched.
            await queue.want([missing, json, good])
            await queue.want([])
            await queue.want([missing, json])
            #expect(log.events(for: missing) == [.downloading(missing), .failed(missing, reason: "HTTP 404"),
                                                 .failed(missing, reason: "HTTP 404")])
            #expect(await queue.runningCount == 0)
            #expect(world.requests(missing.url) == 1 && world.requests(json.url) == 1)

            // retry fetches at once what is still wanted.
            await queue.retry(url: missing.url)
            await queue.retry(url: json.url)
            #expect(await eventually { log.finalCount([missing, json]) == 6 })
            #expect(world.requests(missing.url) == 2 && world.requests(json.url) == 2)
            #expect(log.events(for: missing).suffix(2) == [.downloading(missing), .failed(missing, reason: "HTTP 404")])
            #expect(log.events(for: json).last == .failed(json, reason: "not an image (starts with '{')"))
        }
    }

    /// An image that failed because nothing listened ("connection
    /// refused") loads on retry once the server is there: the retry is a
    /// fresh request on a new connection, not a replay of the failure.
    @Test func retryAfterConnectionRefusedReachesTheServerOnceItAnswers() async throws {
        let port = try freePort()
        let transport = HTTPTransport(connectTimeoutSeconds: 5, retryPolicy: RetryPolicy(maxRetries: 0))
        let log = ImageEventLog()
        let queue = ImageFetchQueue(transport: transport, store: nil, memory: MemoryCache(maxCost: 1 << 20),
                                    maker: ThumbnailMaker(), timeoutSeconds: 20,
                                    clock: { Date().timeIntervalSince1970 }, post: { log.append($0) })
        let key = ImageRequest(url: "http://127.0.0.1:\(port)" + DemoImageSpec(id: 2).path, columns: 16, rows: 6)
        await queue.want([key])
        #expect(await eventually { log.finalCount([key]) == 1 })
        guard case .failed(_, let reason)? = log.events(for: key).last else {
            Issue.record("expected a failure: \(log.events(for: key))")
            return
        }
        #expect(reason.contains("refused"))
        let server = try await CountedDemoServer.start(port: port)
        await queue.retry(url: key.url)
        #expect(await eventually { log.finalCount([key]) == 2 })
        guard case .loaded? = log.events(for: key).last else {
            Issue.record("retry did not load: \(log.events(for: key))")
            await server.stop()
            await transport.shutdown()
            return
        }
        #expect(server.requestCount(path: DemoImageSpec(id: 2).path) == 1)
        await server.stop()
        await transport.shutdown()
    }

    @Test func secondVisitDrawsFromMemoryThenDisk() async throws {
        try await ImageFetchWorld.run { world in
            let key = ImageRequest(url: world.url(2), columns: 20, rows: 8)
            let first = ImageEventLog()
            await world.queue(log: first).want([key])
            #expect(await eventually { first.finalCount([key]) == 1 })
            guard case .loaded(_, let thumbnail) = first.events(for: key).last else {
                Issue.record("not loaded: \(first.events(for: key))")
                return
            }
            #expect(world.requests(key.url) == 1)

            // Same memory cache: loaded before `want` returns, no job, no decode.
            let second = ImageEventLog()
            let fromMemory = world.queue(log: second)
            await fromMemory.want([key])
            #expect(second.all == [.loaded(key, thumbnail)])   // no .downloading: no job started

            // Empty memory, same disk cache: decoded again, no request.
            let third = ImageEventLog()
            let fromDisk = world.queue(memory: MemoryCache(maxCost: 1 << 20), log: third)
            await fromDisk.want([key])
            #expect(await eventually { third.finalCount([key]) == 1 })
            #expect(third.all == [.downloading(key), .loaded(key, thumbnail)])
            #expect(world.requests(key.url) == 1)
        }
    }

    @Test func encodedPicturesAreKeptByURLCellBoxAndMode() async throws {
        try await ImageFetchWorld.run { world in
            let sixel = PixelFormat(proto: .sixel)
            let key = ImageRequest(url: world.url(3), columns: 20, rows: 8)
            let first = ImageEventLog()
            await world.queue(pixels: sixel, log: first).want([key])
            #expect(await eventually { first.finalCount([key]) == 1 })
            guard case .loaded(_, let thumbnail) = first.events(for: key).last, let picture = thumbnail.pixels else {
                Issue.record("no picture: \(first.events(for: key))")
                return
            }
            #expect(picture.kind == .sixel && !picture.bytes.isEmpty)

            // The same URL, box and mode: the very encoding, from memory (no job, no encoder).
            let again = ImageEventLog()
            await world.queue(pixels: sixel, log: again).want([key])
            #expect(again.all == [.loaded(key, thumbnail)])
            guard case .loaded(_, let same) = again.all.first else { return }
            #expect(same.pixels?.serial == picture.serial && same.pixels?.bytes == picture.bytes)

            // Another box: encoded anew, from the same download.
            let small = ImageRequest(url: key.url, columns: 10, rows: 4)
            let boxes = ImageEventLog()
            await world.queue(pixels: sixel, log: boxes).want([small])
            #expect(await eventually { boxes.finalCount([small]) == 1 })
            guard case .loaded(_, let other) = boxes.events(for: small).last else { return }
            #expect(other.pixels.map { $0.serial != picture.serial && $0.columns <= 10 } == true)

            // Another mode, the same memory: not handed the sixels; its own encoding.
            let kitty = ImageEventLog()
            await world.queue(pixels: PixelFormat(proto: .kitty), log: kitty).want([key])
            #expect(await eventually { kitty.finalCount([key]) == 1 })
            guard case .loaded(_, let drawn) = kitty.events(for: key).last else { return }
            #expect(drawn.pixels?.kittyID != nil)
            #expect(world.requests(key.url) == 1)
        }
    }

    @Test func cancelAllStopsEverything() async throws {
        try await ImageFetchWorld.run { world in
            let log = ImageEventLog()
            let queue = world.queue(limit: 2, log: log)
            let keys = ImageFetchWorld.smallIDs(20).map { ImageRequest(url: world.url($0), columns: 16, rows: 6) }
            await queue.want(keys)
            await queue.cancelAll()
            #expect(await queue.runningCount == 0)
            let posted = log.all.count

            // The queue still works afterwards; its answer is the barrier
            // after which a cancelled job would have posted.
            let barrier = ImageRequest(url: world.url(keys.count + 50), columns: 16, rows: 6)
            await queue.want([barrier])
            #expect(await eventually { log.events(for: barrier).last?.isFinal == true })
            guard case .loaded = log.events(for: barrier).last else {
                Issue.record("after cancel: \(log.events(for: barrier))")
                return
            }
            // Cancelled jobs posted nothing more: every later event is the barrier's.
            #expect(log.all.dropFirst(posted).allSatisfy { $0.key == barrier })
            #expect(world.server.totalRequests <= 3)
        }
    }
}
