import RowboatNetwork
import Synchronization

/// The thumbnails' HTTP transport, made when the first image is wanted: a
/// list whose rows carry no images opens no HTTP client, and so no NIO
/// event loops (issue #35's weight).
package final class LazyImageTransport: Sendable {
    private let made = Mutex<HTTPTransport?>(nil)
    private let make: @Sendable () -> HTTPTransport

    package init(_ make: @escaping @Sendable () -> HTTPTransport) {
        self.make = make
    }

    /// The transport, made on the first call.
    package func transport() -> HTTPTransport {
        made.withLock { made in
            if let made { return made }
            let fresh = make()
            made = fresh
            return fresh
        }
    }

    /// True once it was made.
    package var isMade: Bool { made.withLock { $0 != nil } }

    /// Shuts the transport down, when it was made.
    package func shutdown() async {
        if let made = made.withLock({ $0 }) { await made.shutdown() }
    }
}
