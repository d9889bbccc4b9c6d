import Foundation
import Glibc
import RowboatCache
import RowboatSpec
import RowboatDemo
import RowboatNetwork
import Synchronization
import RowboatImages
@testable import RowboatImageFetch
import RowboatTestSupport
import RowboatCells

/// Every event a queue posted, in order.
final class ImageEventLog: Sendable {
    private let log = Mutex<[ImageEvent]>([])

    func append(_ event: ImageEvent) {
        log.withLock { $0.append(event) }
    }

    var all: [ImageEvent] { log.withLock { $0 } }

    func events(for key: ImageRequest) -> [ImageEvent] {
        all.filter { $0.key == key }
    }

    /// Final events (loaded or failed) for any of `keys`.
    func finalCount(_ keys: [ImageRequest]) -> Int {
        let wanted = Set(keys)
        return all.filter { $0.isFinal && wanted.contains($0.key) }.count
    }
}

/// One test's world: the demo server on 127.0.0.1, a SQLite cache in a
/// temporary directory, a transport and a memory cache.
struct ImageFetchWorld {
    let server: CountedDemoServer
    let dir: String
    let store: CacheStore
    let transport: HTTPTransport
    let memory = MemoryCache<ImageRequest, Thumbnail>(maxCost: 64 << 20)

    static func start() async throws -> ImageFetchWorld {
        let server = try await CountedDemoServer.start(port: 0)
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("rowboat-ifq-\(UUID().uuidString)").path
        return ImageFetchWorld(server: server, dir: dir, store: CacheStore(path: dir + "/cache.sqlite"),
                               transport: HTTPTransport(connectTimeoutSeconds: 5,
                                                        retryPolicy: RetryPolicy(maxRetries: 0)))
    }

    /// A queue posting into `log`.
    func queue(limit: Int = 6, memory: MemoryCache<ImageRequest, Thumbnail>? = nil, store: CacheStore? = nil,
               pixels: PixelFormat? = nil, offline: Bool = false, log: ImageEventLog) -> ImageFetchQueue {
        ImageFetchQueue(limit: limit, transport: transport, store: store ?? self.store, memory: memory ?? self.memory,
                        maker: ThumbnailMaker(renderer: ThumbnailRenderer(pixels: pixels)), timeoutSeconds: 60,
                        clock: { Date().timeIntervalSince1970 }, offline: offline, post: { log.append($0) })
    }

    /// The demo image URL of item `id`.
    func url(_ id: Int) -> String {
        server.baseURL + DemoImageSpec(id: id).path
    }

    /// Requests the server received for `url`.
    func requests(_ url: String) -> Int {
        server.requestCount(path: String(url.dropFirst(server.baseURL.count)))
    }

    /// Ids whose demo images are small (96x96 and 320x240): quick to serve.
    static func smallIDs(_ count: Int) -> [Int] {
        Array((1...).lazy.filter { ($0 - 1) % 5 < 2 }.prefix(count))
    }

    /// Runs `body` in a fresh world and always tears it down.
    static func run(_ body: (ImageFetchWorld) async throws -> Void) async throws {
        let world = try await start()
        do {
            try await body(world)
        } catch {
            await world.finish()
            throw error
        }
        await world.finish()
    }

    func finish() async {
        await transport.shutdown()
        await server.stop()
        try? FileManager.default.removeItem(atPath: dir)
    }
}

/// A port nothing listens on now (bound, read and closed), for a server
/// started on it later.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
}
