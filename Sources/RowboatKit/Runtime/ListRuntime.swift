import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// Everything a list needs to run, however it was described — a config
/// file (`rowboat browse`) or a `ListController` — and the one way it
/// starts: on the terminal (`run()`: the UI thread, its run loop, the
/// effect runner, the images' service, shut down in order) or without one
/// (`ListSession`). The app and the kit start through here alike.
package struct ListRuntime: Sendable {
    /// How a run is sent actions from outside it.
    package typealias Post = @Sendable (AppAction) -> Void

    package var state: AppState
    package var keyMap: KeyMap
    package var theme: Theme
    package var mouse: Bool
    /// How thumbnails are drawn (nil: as the terminal allows).
    package var imageMode: ImageMode?
    /// The source's lines for the status bar, asked once the terminal has
    /// started (`ListStart.notices`).
    package var notices: @Sendable () -> StartNotices = { StartNotices() }
    package var provider: any PageProvider
    /// Where favorites are kept (nil: for the run only).
    package var favorites: (any ListStore)?
    /// Where rows' images come from (nil: none are fetched).
    package var images: ListImages?
    package var kept: KeptStores
    /// A program's own actions (`ListController.addAction`).
    package var customAction: (@Sendable (Int, [RowModel]) async -> CustomActionOutcome)?
    /// Sees the state after each action (a program's select and open hooks).
    package var observe: (@Sendable (AppState) -> Void)?
    /// Handed the run's way to post actions when it starts, and nil when
    /// it ends (a program's `ListRemote`).
    package var attach: @Sendable (ListRuntime.Post?) -> Void = { _ in }
    /// Closes what the list's source opened for the run (a config's HTTP
    /// client), after the run ends or the session closes.
    package var finish: @Sendable () async -> Void = {}

    package init(state: AppState, keyMap: KeyMap, theme: Theme, mouse: Bool, provider: any PageProvider,
                 favorites: (any ListStore)? = nil, images: ListImages? = nil, kept: KeptStores = KeptStores()) {
        self.state = state
        self.keyMap = keyMap
        self.theme = theme
        self.mouse = mouse
        self.provider = provider
        self.favorites = favorites
        self.images = images
        self.kept = kept
    }

    /// The effect runner of a run, posting to `post`.
    func runner(images service: (any ImageService)?, clock: @escaping @Sendable () -> Double,
                post: @escaping @Sendable (AppAction) -> Void) -> EffectRunner {
        EffectRunner(provider: provider, store: favorites, images: service, clock: clock, customAction: customAction,
                     columnStore: kept.columns, viewStore: kept.views, actionHistory: kept.actions, post: post)
    }

    /// Takes over the terminal on a thread of its own until the user quits
    /// (or a signal asks), then gives it back and shuts the images' service
    /// down.
    package func run() async -> Result<TUIExit, any Error> {
        let slot = ImageServiceSlot()
        let outcome = await UIThread.run { () throws -> TUIExit in
            let loop = TUIRunLoop(state: state, keyMap: keyMap, theme: theme, mouse: mouse, observe: observe)
            let inbox = loop.inbox
            if let imageMode { loop.imageMode = imageMode }
            loop.notices = notices
            attach { inbox.post($0) }
            defer { attach(nil) }
            let clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }
            return try loop.run(makeRunner: { runner(images: nil, clock: clock, post: { inbox.post($0) }) },
                                makeImages: { colors, pixels in
                slot.make(images, ImageServiceContext(colors: colors, pixels: pixels, clock: clock,
                                                      post: { inbox.post($0) }))
            })
        }
        await slot.shutdown()
        await finish()
        return outcome
    }
}

/// What a list keeps between runs — its column layouts, saved views and
/// the action console's runs — each where it is kept (nil: for the run
/// only), read into the state at start.
package struct KeptStores: Sendable {
    package var columns: ColumnStore?
    package var views: ViewStore?
    package var actions: ActionHistoryStore?

    package init(columns: ColumnStore? = nil, views: ViewStore? = nil, actions: ActionHistoryStore? = nil) {
        self.columns = columns
        self.views = views
        self.actions = actions
    }

    /// Reads what is kept into `state`; the first line saying a file could
    /// not be used (nil: every one was, or there was none).
    package func load(into state: inout AppState) -> String? {
        var problems: [String] = []
        if let columns {
            let kept = columns.load()
            // A kept expression column that no longer compiles is dropped, and said.
            let dropped = state.arrangeColumns(kept.arrangements)
            problems += [kept.problem, dropped].compactMap { $0 }
        }
        if let views {
            let kept = views.load()
            state.savedViews = kept.views
            problems += [kept.problem].compactMap { $0 }
        }
        if let actions {
            let kept = actions.load()
            state.actionRuns.keepEarlier(kept.runs)
            problems += [kept.problem].compactMap { $0 }
        }
        return problems.first
    }
}
