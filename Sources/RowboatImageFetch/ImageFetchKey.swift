import RowboatImages
import RowboatCore

/// What a cell asks the `ImageFetchQueue` for: the image at `url` rendered
/// as a `columns` x `rows` thumbnail — the screen's own `ImageRequest`. One
/// URL at several cell sizes is several keys sharing one download.
public typealias ImageKey = ImageRequest

extension ImageRequest: CustomStringConvertible {
    public var description: String { "\(url) @\(columns)x\(rows)" }
}

/// What the `ImageFetchQueue` reports about a key, in this order:
/// `downloading` once its job starts, then exactly one of `loaded` or
/// `failed`. A memory hit (or a key that failed before) is reported with
/// its final event alone.
public enum ImageEvent: Sendable, Equatable {
    /// A job for the key started (disk cache or network, then decoding).
    case downloading(ImageKey)
    /// The thumbnail is ready (and in the memory cache).
    case loaded(ImageKey, Thumbnail)
    /// It could not be had; `reason` fits on a card ("HTTP 404",
    /// "timed out", "not an image (starts with '<')", "truncated").
    case failed(ImageKey, reason: String)

    /// The key this event is about.
    public var key: ImageKey {
        switch self {
        case .downloading(let key), .loaded(let key, _), .failed(let key, _): key
        }
    }

    /// `loaded` or `failed`: nothing more comes for the key.
    public var isFinal: Bool {
        if case .downloading = self { return false }
        return true
    }
}
