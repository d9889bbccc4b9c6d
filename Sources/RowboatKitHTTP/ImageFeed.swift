import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatImageFetch
import RowboatKit
import RowboatImages
import RowboatNetwork
import RowboatCells

/// The image service over HTTP and the cache: hands the reducer's image
/// wishes to the fetch queue in the order they were made (a stream, not one
/// task each, so a later wish never loses to an earlier one), and turns the
/// queue's events into actions.
package final class ImageFeed: ImageService {
    enum Command: Sendable {
        case want([ImageRequest])
        case retry(String)
        case stop
    }

    let commands: AsyncStream<Command>.Continuation
    let transport: LazyImageTransport

    /// The fetch queue (and its transport) is made at the first image
    /// wanted: until then nothing is opened.
    package init(transport: LazyImageTransport, store: CacheStore?, colors: ThumbnailColors, pixels: PixelFormat? = nil,
         memoryBytes: Int = 64 << 20, decodeMemory: Int = DecodeBudget.defaultBytes, offline: Bool = false,
         clock: @escaping @Sendable () -> Double, post: @escaping @Sendable (AppAction) -> Void) {
        let makeQueue = {
            ImageFetchQueue(
                transport: transport.transport(), store: store, memory: MemoryCache(maxCost: memoryBytes),
                maker: ThumbnailMaker(renderer: ThumbnailRenderer(colors: colors, pixels: pixels)),
                budget: DecodeBudget(bytes: decodeMemory), clock: clock, offline: offline,
                post: { event in post(Self.action(for: event)) })
        }
        let (stream, continuation) = AsyncStream<Command>.makeStream()
        commands = continuation
        self.transport = transport
        Task {
            var queue: ImageFetchQueue?
            for await command in stream {
                switch command {
                case .want(let requests):
                    if queue == nil && requests.isEmpty { continue }
                    if queue == nil { queue = makeQueue() }
                    await queue?.want(requests)
                case .retry(let url):
                    if queue == nil { queue = makeQueue() }
                    await queue?.retry(url: url)
                case .stop:
                    await queue?.cancelAll()
                    return
                }
            }
        }
    }

    func send(_ command: Command) {
        commands.yield(command)
    }

    package func want(_ requests: [ImageRequest]) { send(.want(requests)) }

    package func retry(url: String) { send(.retry(url)) }

    package func stop() { send(.stop) }

    package func shutdown() async { await transport.shutdown() }

    static func action(for event: ImageEvent) -> AppAction {
        switch event {
        case .downloading(let key): return .image(key, .downloading)
        case .loaded(let key, let thumbnail): return .image(key, .loaded(thumbnail))
        case .failed(let key, let reason): return .image(key, .failed(Sanitizer.clean(reason, limit: 120)))
        }
    }
}
