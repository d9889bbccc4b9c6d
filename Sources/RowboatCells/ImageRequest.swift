import RowboatSpec

/// One thumbnail the screen wants: an image URL rendered into a box of
/// `columns` x `rows` cells.
public struct ImageRequest: Sendable, Hashable {
    public var url: String
    public var columns: Int
    public var rows: Int

    public init(url: String, columns: Int, rows: Int) {
        self.url = url
        self.columns = columns
        self.rows = rows
    }
}

/// Where an item's image is: not asked for yet, on its way, here, or failed
/// with a short reason; or never to be fetched (`--images off`). The
/// table's badge column and the grid's cards show it.
public enum ImagePhase: Sendable, Equatable {
    case new, downloading, downloaded
    case failed(String)
    /// Images are off: nothing is fetched, so nothing is pending.
    case off

    /// The one-cell badge: ◌ new, ⇣ downloading, ✓ downloaded, ✗ failed;
    /// blank when images are off.
    public var badge: String {
        switch self {
        case .new: "◌"
        case .downloading: "⇣"
        case .downloaded: "✓"
        case .failed: "✗"
        case .off: " "
        }
    }
}

/// What the image queue reports for one request.
public enum ImageLoad: Sendable, Equatable {
    case downloading
    case loaded(Thumbnail)
    case failed(String)
}
