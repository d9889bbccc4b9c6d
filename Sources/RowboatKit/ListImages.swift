import Foundation
import Synchronization

/// Where a list's row images (`ListRow.imageURL`) come from. Without one
/// (the default) no image is fetched and cards give the picture's room to
/// text. RowboatKitHTTP has one over HTTP: `import RowboatKitHTTP` and set
/// `controller.images = .http()`.
public struct ListImages: Sendable {
    package let make: @Sendable (ImageServiceContext) -> any ImageService

    /// Images from your own service (RowboatKitHTTP's `.http()` is one).
    package init(_ make: @escaping @Sendable (ImageServiceContext) -> any ImageService) {
        self.make = make
    }
}

/// The image service of one run, kept so that it can be shut down after.
package final class ImageServiceSlot: Sendable {
    private let service = Mutex<(any ImageService)?>(nil)

    package init() {}

    package func make(_ images: ListImages?, _ context: ImageServiceContext) -> (any ImageService)? {
        guard let images else { return nil }
        let made = images.make(context)
        service.withLock { $0 = made }
        return made
    }

    package func shutdown() async {
        if let made = service.withLock({ $0 }) { await made.shutdown() }
    }
}
