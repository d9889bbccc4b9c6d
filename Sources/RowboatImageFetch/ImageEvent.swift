import RowboatImages
import RowboatSpec
import RowboatCells

// The queue is asked for `ImageRequest`s (the image at `url` as a
// `columns` x `rows` thumbnail), the screen's own type: one URL at several
// cell sizes is several requests sharing one download.

extension ImageRequest: CustomStringConvertible {
    public var description: String { "\(url) @\(columns)x\(rows)" }
}

/// What the `ImageFetchQueue` reports about a key, in this order:
/// `downloading` once its job starts, then exactly one of `loaded` or
/// `failed`. A memory hit (or a key that failed before) is reported with
/// its final event alone.
public enum ImageEvent: Sendable, Equatable {
    /// A job for the key started (disk cache or network, then decoding).
    case downloading(ImageRequest)
    /// The thumbnail is ready (and in the memory cache).
    case loaded(ImageRequest, Thumbnail)
    /// It could not be had; `reason` fits on a card ("HTTP 404",
    /// "timed out", "not an image (starts with '<')", "truncated").
    case failed(ImageRequest, reason: String)

    /// The key this event is about.
    public var key: ImageRequest {
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
