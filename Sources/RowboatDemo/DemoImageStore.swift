/// Renders demo images on demand and keeps recent ones in a bounded LRU
/// (64 images / 64 MB by default). Concurrent requests for the same image
/// share a single render.
public actor DemoImageStore {
    private var cache: LRUCache<Int, DemoImage>
    private var inFlight: [Int: Task<DemoImage, any Error>] = [:]
    private var renders = 0

    public init(maxImages: Int = 64, maxBytes: Int = 64 << 20) {
        cache = LRUCache(maxCount: maxImages, maxCost: maxBytes)
    }

    /// The encoded image for `spec`, from cache or freshly rendered.
    public func image(for spec: DemoImageSpec) async throws -> DemoImage {
        if let cached = cache.value(for: spec.id) {
            return cached
        }
        if let pending = inFlight[spec.id] {
            return try await pending.value
        }
        let task = Task.detached(priority: .medium) { () throws -> DemoImage in
            try DemoImage.render(spec)
        }
        inFlight[spec.id] = task
        renders += 1
        defer { inFlight[spec.id] = nil }
        let image = try await task.value
        cache.insert(image, for: spec.id, cost: image.bytes.count)
        return image
    }

    /// How many images have been rendered (cache misses), for tests.
    public var renderCount: Int {
        renders
    }

    /// How many images are currently cached.
    public var cachedCount: Int {
        cache.count
    }
}
