import Foundation
import RowboatDemo
import RowboatKit
import RowboatKitHTTP
import RowboatTestSupport
import Testing

/// A kit list's thumbnails come from RowboatKitHTTP (issue #35's weight):
/// without `images` nothing is fetched; with `.http()` each row's image is
/// downloaded from a real server, drawn, and a bad one says it failed.
@Suite(.timeLimit(.minutes(1)))
struct KitImagesTests {
    func controller(_ server: CountedDemoServer) -> ListController {
        let controller = ListController(title: "pictures")
        controller.favoritesPlace = .sessionOnly
        controller.presentation = .grid
        let base = server.baseURL
        controller.onReload {
            ListPage([ListRow(id: "1", title: "One", imageURL: base + "/images/1.png"),
                      ListRow(id: "2", title: "Two", imageURL: base + "/images/2.jpg"),
                      ListRow(id: "3", title: "Broken", imageURL: base + "/images/none.png")], isLast: true)
        }
        return controller
    }

    @Test func withoutAnImageServiceNothingIsFetched() async throws {
        try await CountedDemoServer.withRunning { server in
            let controller = controller(server)
            let session = try controller.session()
            try await session.waitUntilSettled()
            #expect(session.snapshot.rows.count == 3)
            // No image service: the list wants no image (the state holds none), and the runner has none to ask.
            #expect(session.snapshot.images.isEmpty)
            #expect(server.requestCount(path: "/images/1.png") == 0)
            session.close()
        }
    }

    @Test func httpImagesAreDownloadedAndABadOneFails() async throws {
        try await CountedDemoServer.withRunning { server in
        let controller = controller(server)
        controller.images = .http()
        let session = try controller.session(columns: 100, rows: 30)
        let base = server.baseURL
        try await session.waitUntil { snapshot in
            snapshot.images[base + "/images/1.png"] == .downloaded && snapshot.images[base + "/images/2.jpg"] == .downloaded
                && { if case .failed? = snapshot.images[base + "/images/none.png"] { true } else { false } }()
        }
        #expect(session.frame().joined().contains("One"))
        #expect(server.requestCount(path: "/images/1.png") == 1)
        session.close()
        }
    }
}
