import RowboatCache
import RowboatImageFetch
import RowboatImages
import RowboatKit
import RowboatNetwork

extension ListImages {
    /// Thumbnails over HTTP(S): each row's `imageURL` is downloaded (up to
    /// the decoder's byte cap), decoded (PNG, JPEG, WebP) under a memory
    /// budget, drawn in cells (or in pixels where the terminal takes them)
    /// and kept in memory; the cell shows each image's state. The HTTP
    /// client is opened at the first image wanted.
    public static func http() -> ListImages {
        http(store: nil)
    }

    /// The same, with images also kept in `store`'s image cache; `offline`
    /// takes them from it alone and never downloads one.
    package static func http(store: CacheStore?, decodeMemory: Int = DecodeBudget.defaultBytes,
                             offline: Bool = false) -> ListImages {
        ListImages { context in
            ImageFeed(transport: LazyImageTransport { HTTPTransport(maxBodyBytes: ImageLimits.default.maxInputBytes) },
                      store: store, colors: context.colors, pixels: context.pixels, decodeMemory: decodeMemory,
                      offline: offline, clock: context.clock, post: context.post)
        }
    }
}
