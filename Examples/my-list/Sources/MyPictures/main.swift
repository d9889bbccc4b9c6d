import RowboatKit
import RowboatKitHTTP

// Thumbnails over HTTP, which a list of closures alone does not build: pictures in a grid, from the URLs given,
// else from the demo server (`rowboat demo-server` in another terminal; its odd-numbered pictures are PNGs).
let given = Array(CommandLine.arguments.dropFirst())
let urls = given.isEmpty ? (1...23).filter { $0 % 2 == 1 }.map { "http://127.0.0.1:28080/images/\($0).png" } : given
let controller = ListController(title: "pictures")
controller.presentation = .grid
controller.images = .http()   // from RowboatKitHTTP: downloaded, decoded and drawn; each card shows its state
controller.onReload {
    ListPage(urls.enumerated().map { ListRow(id: "\($0.offset)", title: "Picture \($0.offset + 1)", imageURL: $0.element) },
             isLast: true)
}
_ = try await controller.run()
