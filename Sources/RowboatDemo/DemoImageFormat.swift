/// The encodings the demo server serves images in.
public enum DemoImageFormat: String, Sendable, Equatable, CaseIterable {
    case png
    case jpeg
    case webp

    /// File extension used in image URLs.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// MIME type for the `Content-Type` header.
    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }
}
