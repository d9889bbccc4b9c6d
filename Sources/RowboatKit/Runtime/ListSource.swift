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
    /// Lines for the status bar, asked once the terminal has started (a
    /// source may still be opening what they come from until then: a
    /// cache database): `first` is said before any other line (the cache
    /// could not be opened), `last` only when nothing else is (the cache is
    /// turned off).
    package var notices: @Sendable () -> StartNotices

    package init(state: AppState, keys: KeyBindingsConfig, theme: ThemeSettings, imageMode: ImageMode?,
                 offersImages: Bool, keptIdentity: String,
                 notices: @escaping @Sendable () -> StartNotices = { StartNotices() }) {
        self.state = state
        self.keys = keys
        self.theme = theme
        self.imageMode = imageMode
        self.offersImages = offersImages
        self.keptIdentity = keptIdentity
        self.notices = notices
    }
}

/// A source's lines for the status bar at start (`ListStart.notices`).
package struct StartNotices: Sendable, Equatable {
    /// Said before any other line.
    package var first: String?
    /// Said only when nothing else is.
    package var last: String?

    package init(first: String? = nil, last: String? = nil) {
        self.first = first
        self.last = last
    }

    /// Puts them on `notice`, which holds what the run said so far.
    package func apply(to notice: inout String?) {
        notice = first ?? notice ?? last
    }
}
