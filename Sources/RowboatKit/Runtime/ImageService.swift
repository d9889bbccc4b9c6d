import RowboatCore
import RowboatCells

/// Fetches rows' images and hands back their states as actions (`.image`):
/// the fetch queue over HTTP and the cache in RowboatKitHTTP. The kit's
/// core fetches none without one.
package protocol ImageService: Sendable {
    /// The images the screen wants now, most wanted first.
    func want(_ requests: [ImageRequest])
    /// Tries a failed image again.
    func retry(url: String)
    /// Stops background work (on quit); nothing is posted after it.
    func stop()
    /// Closes what it opened (connections), after the run.
    func shutdown() async
}

/// What an image service is made with once the terminal has started.
package struct ImageServiceContext: Sendable {
    /// The richest thumbnail colours the terminal shows.
    package var colors: ThumbnailColors
    /// The picture format when thumbnails go in pixels (nil: cells).
    package var pixels: PixelFormat?
    package var clock: @Sendable () -> Double
    /// Where the service's answers go (the UI thread's inbox).
    package var post: @Sendable (AppAction) -> Void

    package init(colors: ThumbnailColors, pixels: PixelFormat?, clock: @escaping @Sendable () -> Double,
                 post: @escaping @Sendable (AppAction) -> Void) {
        self.colors = colors
        self.pixels = pixels
        self.clock = clock
        self.post = post
    }
}
