import Synchronization

/// Everything the route handlers share: the catalog (rebuilt with the real
/// base URL once the port is bound), the request counter and the image store.
final class DemoServerState: Sendable {
    private let currentCatalog: Mutex<DemoCatalog>
    let counter: RequestCounter
    let images: DemoImageStore

    init(catalog: DemoCatalog, counter: RequestCounter = RequestCounter(), images: DemoImageStore = DemoImageStore()) {
        currentCatalog = Mutex(catalog)
        self.counter = counter
        self.images = images
    }

    var catalog: DemoCatalog {
        currentCatalog.withLock { $0 }
    }

    /// Points image URLs at `baseURL` (called once the server is listening).
    func rebase(to baseURL: String) {
        currentCatalog.withLock { catalog in
            if catalog.baseURL != baseURL {
                catalog = DemoCatalog(baseURL: baseURL, count: catalog.count, newest: catalog.newest)
            }
        }
    }
}
