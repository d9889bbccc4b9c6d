import RowboatImages
import RowboatSpec

/// Why a job produced no thumbnail, and the few words a card shows.
enum ImageFetchFailure: Error, Sendable, Equatable {
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// A 2xx answer without a body.
    case empty
    /// The transport gave up (timeout, refused, too large, redirects).
    case transport(DataError)
    /// The bytes are not a picture we can draw.
    case decode(ImageDecodeError)
    /// Offline (cache-only): the image is not in the disk cache, and the
    /// network is not asked.
    case notCached

    init(_ error: DataError) {
        self = .transport(error)
    }

    /// "HTTP 404", "timed out", "not an image (starts with '<')", …
    var reason: String {
        switch self {
        case .status(let code): "HTTP \(code)"
        case .empty: "empty"
        case .decode(let error): error.reason
        case .notCached: "not in the cache"
        case .transport(let error): Self.reason(error)
        }
    }

    private static func reason(_ error: DataError) -> String {
        switch error {
        case .timeout: "timed out"
        case .bodyTooLarge: "too large"
        case .tooManyRedirects: "too many redirects"
        case .redirectRefused: "redirect refused"
        case .httpStatus(let code, _), .rateLimited(let code, _, _): "HTTP \(code)"
        case .emptyResponse: "empty"
        case .network(let message): Sanitizer.clean(message, limit: 60)
        default: Sanitizer.clean(error.description, limit: 60)
        }
    }
}
