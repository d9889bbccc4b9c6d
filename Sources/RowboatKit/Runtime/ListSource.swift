import RowboatCells
import RowboatCore
import RowboatSpec

/// A list that a `ListController` shows from a description of its own
/// instead of its closures: RowboatApp's controller over a config
/// (`ListController(config:…)`) is one. The controller asks it what a run
/// starts from, puts its own knobs on top (keys, theme, mouse, images,
/// favorites' place, columns kept, actions, hooks) and opens it last, when
/// nothing can fail any more: one way to a `ListRuntime` for both.
package protocol ListSource: Sendable {
    /// The endpoint shown at start: the remote, the favorites' hooks and
    /// `favoriteRows()` act on it.
    var endpointKey: String { get }
    /// Where favorites are kept when the controller's place is `.automatic`.
    var favorites: any ListStore { get }
    /// What a run at `size` starts from; opens nothing.
    func start(size: TerminalSize) -> ListStart
    /// A mistake in the source's own key bindings (`start().keys`), as the
    /// one line the controller throws.
    func keysProblem(_ error: any Error) -> ListControllerError
    /// The pages of one run (or session), and what closes what it opened,
    /// called when the run ends or the session closes.
    func open() -> (provider: any PageProvider, close: @Sendable () async -> Void)
}

/// What a `ListSource` says a run starts from, before the controller's
/// knobs go on top of it.
package struct ListStart: Sendable {
    /// The tabs and what is known of each endpoint (its actions, columns, paging).
    package var state: AppState
    /// The source's key bindings; the controller's `keys` replace the actions they name.
    package var keys: KeyBindingsConfig
    /// The source's colours, used while the controller's `theme` is the one they name.
    package var theme: ThemeSettings
    /// How thumbnails are drawn (nil: as the terminal allows).
    package var imageMode: ImageMode?
    /// True when the source's rows have images to fetch: a controller whose
    /// `images` was taken away then turns them off.
    package var offersImages: Bool
    /// The name what is kept between runs (columns, views) goes under,
    /// unless the controller's `columnsKey` names another.
    package var keptIdentity: String
    /// A line for the status bar said before any other (a cache that could not be opened).
    package var notice: String?
    /// A line said only when nothing else is (the cache is turned off).
    package var quietNotice: String?

    package init(state: AppState, keys: KeyBindingsConfig, theme: ThemeSettings, imageMode: ImageMode?,
                 offersImages: Bool, keptIdentity: String, notice: String? = nil, quietNotice: String? = nil) {
        self.state = state
        self.keys = keys
        self.theme = theme
        self.imageMode = imageMode
        self.offersImages = offersImages
        self.keptIdentity = keptIdentity
        self.notice = notice
        self.quietNotice = quietNotice
    }
}
