import Foundation
import Synchronization

/// Everything the route handlers share: the catalog and the directory
/// (rebuilt with the real base URL once the port is bound), who hears of
/// each request (nobody, unless the starter asked), the image store and the
/// live feed (its clock started now).
final class DemoServerState: Sendable {
    private let currentCatalog: Mutex<DemoCatalog>
    private let currentDirectory: Mutex<DemoDirectory>
    /// Told each request's path (query excluded) before it is handled.
    let onRequest: (@Sendable (String) -> Void)?
    let images: DemoImageStore
    /// `/api/live`: listings that keep arriving from the server's start.
    let live: DemoLiveFeed

    init(catalog: DemoCatalog, onRequest: (@Sendable (String) -> Void)? = nil, images: DemoImageStore = DemoImageStore(),
         started: Double = Date().timeIntervalSince1970) {
        live = DemoLiveFeed(started: started)
        currentCatalog = Mutex(catalog)
        currentDirectory = Mutex(DemoDirectory(baseURL: catalog.baseURL, itemCount: catalog.count))
        self.onRequest = onRequest
        self.images = images
    }

    var catalog: DemoCatalog {
        currentCatalog.withLock { $0 }
    }

    var directory: DemoDirectory {
        currentDirectory.withLock { $0 }
    }

    /// Marks item `id` sold (or for sale again); the item, nil when there is none.
    func setStatus(_ status: String, of id: Int) -> DemoItem? {
        currentCatalog.withLock { $0.setStatus(status, of: id) }
    }

    /// Points image URLs at `baseURL` (called once the server is listening).
    func rebase(to baseURL: String) {
        let count = currentCatalog.withLock { catalog in
            if catalog.baseURL != baseURL {
                catalog = DemoCatalog(baseURL: baseURL, count: catalog.count, newest: catalog.newest)
            }
            return catalog.count
        }
        currentDirectory.withLock { directory in
            if directory.baseURL != baseURL { directory = DemoDirectory(baseURL: baseURL, itemCount: count) }
        }
    }
}
