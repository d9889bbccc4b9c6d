import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// A terminal list over any data, in a few lines: give it a reload action
/// and (for more than one page) a load-more action, each handing back rows
/// and whether they were the last, and it does the rest — the first-load
/// spinner, pull-to-refresh (`↑` at the top, or `r`), the load-more footer
/// and automatic loading near the end, "no more items", the error view
/// with retry, a table or a grid of cards with thumbnails, the detail view,
/// search (`/`), favorites, an action sheet with your own actions, keys,
/// themes and the mouse.
///
/// ```swift
/// let controller = ListController(title: "commits")
/// controller.onReload { ListPage(try await fetch(page: 0), isLast: false) }
/// controller.onLoadMore { more in ListPage(try await fetch(page: more.page), isLast: more.page == 9) }
/// let exit = try await controller.run()
/// ```
///
/// A closure that throws shows the error view (or the failed footer) with
/// retry; a slow one shows the spinner. When the user refreshes while a
/// page loads, that task is cancelled (Swift task cancellation) and its
/// answer, if it still comes, is dropped.
public final class ListController {
    /// The list's name, shown in the status bar (and the grid's title line).
    public var title: String
    /// Table columns; default: title and subtitle.
    public var columns: [ListColumn] = [ListColumn("title", title: "Title", weight: 3, minimum: 12),
                                         ListColumn("subtitle", title: "Subtitle", weight: 2, minimum: 10)]
    /// A table (the default) or a grid of cards at start; `v` switches.
    public var presentation: ListPresentation = .table
    /// Fields a grid card lists after its title and subtitle ("name:
    /// value"); a card without an image has room for several.
    public var cardFields: [String] = []
    /// The colours (`NO_COLOR` and colourless terminals still give monochrome).
    public var theme: ListTheme = .default
    /// Style roles of your own, by name, for `ListRow.style` and
    /// `cellStyles` (`ListRowStyle("library")`): a colour and attributes,
    /// and what they are in monochrome. A row naming a role not given here
    /// is drawn plain.
    public var styles: [String: ListStyleRole] = [:]
    /// Key bindings that replace the defaults of the actions named, as in a
    /// config's `keys:` section: `["refresh": ["r", "f5"], "quit": ["q", "Q"]]`.
    public var keys: [String: [String]] = [:]
    /// Rows carry images: the table gets a badge column for their state
    /// (with `images` set: without it no image is fetched, and no badge shows).
    public var showsImageBadges = false
    /// Where rows' images come from; nil (the default) fetches none.
    /// RowboatKitHTTP gives `.http()`: thumbnails over HTTP, drawn in the
    /// grid's cards and the detail.
    public var images: ListImages?
    /// The built-ins the list offers (all by default): one left out loses
    /// its keys, its help line, its hints and its sheet lines.
    public var features: ListFeatures = .all
    /// Where favorites are kept between runs (`*` stars a row, `F` lists
    /// them): by default in the user's data directory for the program's
    /// name; `.sessionOnly` keeps nothing.
    public var favoritesPlace: ListFavoritesPlace = .automatic
    /// Called (on the UI thread; return quickly) with the favorites, newest
    /// first, when they are first read and each time they change.
    public var onFavoritesChange: (@Sendable ([ListRow]) -> Void)?
    /// Clicks and the wheel; false leaves the mouse to the terminal.
    public var mouse = true
    /// Called (on the UI thread; return quickly) when the selected row changes.
    public var onSelect: (@Sendable (ListRow) -> Void)?
    /// Called (on the UI thread; return quickly) when a row's detail opens.
    public var onOpen: (@Sendable (ListRow) -> Void)?
    /// Columns the columns panel (`c`) offers besides `columns`, hidden
    /// at start: the user shows, moves, widens and sorts by any of them.
    public var moreColumns: [ListColumn] = []
    /// Keeps the columns as the user arranged them between runs, under
    /// this name in `stateDirectory` (field names and widths only); nil
    /// (the default) keeps nothing. A kept file that cannot be used is
    /// said in one line and the list starts with `columns`.
    public var columnsKey: String?
    /// Where `columnsKey`'s file goes; nil: `$XDG_STATE_HOME/rowboat`, else
    /// `~/.local/state/rowboat`.
    public var stateDirectory: String?

    /// Drives the list from your own code while it runs (a timer, another
    /// task): reload, load more, update, remove and select rows.
    public let remote = ListRemote()

    var reload: (@Sendable () async throws -> ListPage)?
    var loadMore: (@Sendable (ListLoadMore) async throws -> ListPage)?
    var actions: [KitAction] = []
    var live: (every: Double, body: @Sendable () async throws -> ListPage)?
    var detail: (@Sendable (ListRow) async throws -> ListDetail)?
    var search: (@Sendable (String, ListLoadMore) async throws -> ListPage)?
    var marked: (@Sendable ([ListRow]) -> String?)?
    var favorites: (@Sendable ([String]) async throws -> [ListRow])?
    /// True when the live closure hands back the whole list (`onLiveSnapshot`).
    var liveIsSnapshot = false
    /// The list's own description when it is not the closures (RowboatApp's
    /// controller over a config sets it); nil: the closures.
    package var source: (any ListSource)?

    /// A list named `title`; give it `onReload` before `run()`.
    public init(title: String = "items") {
        self.title = title
    }

    /// The first page: at start, on refresh and on retry.
    public func onReload(_ body: @escaping @Sendable () async throws -> ListPage) {
        reload = body
    }

    /// The next pages, asked for near the end of the list or with `space`,
    /// until a page says it is the last. Without it, the reload's page is
    /// the whole list.
    public func onLoadMore(_ body: @escaping @Sendable (ListLoadMore) async throws -> ListPage) {
        loadMore = body
    }

    /// Makes the list live: every `seconds` (at least one) while the list is
    /// on screen, `body` hands back the first page again, and it is
    /// merged into the rows by id — changed rows updated in place, new ids
    /// at the top (marked new until the selection has been on them; "3
    /// new" in the status bar), every other row kept, the selection and
    /// the scroll kept. A tick never overlaps another load; after a
    /// failure the next waits twice as long, up to five minutes (the
    /// status bar says so; `r` asks at once). The live key (`t`) pauses
    /// and resumes; nothing ticks while a detail, search results or an
    /// overlay covers the list.
    public func onLiveRefresh(every seconds: Double, _ body: @escaping @Sendable () async throws -> ListPage) {
        live = (max(1, seconds), body)
    }

    /// Makes the list live from snapshots: every `seconds` (at least one)
    /// while the list is on screen, `body` hands back the whole list as it
    /// is now, in its order, and the rows on screen become it as a diffable
    /// data source would apply it — a changed row updated in place, a new
    /// row inserted at its place (marked new until the selection has been
    /// on it; under a local sort, at the sort's place), a row no longer
    /// there deleted — with the selection kept on its row (or, when its
    /// row went, at its place) and the marks on the rows that stay.
    /// Failures, pauses and the back-off are those of `onLiveRefresh`.
    public func onLiveSnapshot(every seconds: Double, _ body: @escaping @Sendable () async throws -> [ListRow]) {
        live = (max(1, seconds), { ListPage(try await body(), isLast: true) })
        liveIsSnapshot = true
    }

    /// Searches your own source: with it, `/` still narrows the loaded rows
    /// as you type, and Enter asks `body` for what the source holds for the
    /// query — its pages become the list (`query` and the first page's
    /// `more.page == 0`, then load-more pages as you reach the end, until
    /// one says it is the last); `esc` on the list goes back to the rows
    /// without the search. Called off the UI thread; what it throws is
    /// shown as a failed load with retry. Without it, `/` searches the
    /// loaded rows only.
    public func onSearch(_ body: @escaping @Sendable (_ query: String, _ more: ListLoadMore) async throws -> ListPage) {
        search = body
    }

    /// Says something of the marked rows: called (on the UI thread; return
    /// quickly) with them, in list order, each time the marks change; what
    /// it returns follows "3 marked" in the status bar ("3 marked · 41.2
    /// MB"), nil says nothing.
    public func onMarked(_ body: @escaping @Sendable (_ rows: [ListRow]) -> String?) {
        marked = body
    }

    /// Keeps favorites fresh: called (off the UI thread) with the
    /// favorites' ids each time the favorites list (`F`) opens; the rows it
    /// returns are shown in place of the copies kept when they were
    /// starred (a favorite it leaves out keeps its kept copy). What it
    /// throws is one line, and the kept copies stay.
    public func onFavorites(_ body: @escaping @Sendable (_ ids: [String]) async throws -> [ListRow]) {
        favorites = body
    }

    /// Your own detail: called (off the UI thread) each time a row's
    /// detail opens; the detail shows "loading…" under the row's title
    /// until it answers, then the fields (and text) it hands back. What it
    /// throws is shown in the detail, and the refresh key (`r`) asks again.
    public func onDetail(_ body: @escaping @Sendable (ListRow) async throws -> ListDetail) {
        detail = body
    }

    /// The reload in callback form: call the completion's `finish` (or
    /// `fail`) when the rows are ready.
    public func performWhenReload(_ body: @escaping @Sendable (ListCompletion) -> Void) {
        reload = { try await ListCompletion.wait(body) }
    }

    /// The load-more in callback form.
    public func performWhenLoadMore(_ body: @escaping @Sendable (ListLoadMore, ListCompletion) -> Void) {
        loadMore = { more in try await ListCompletion.wait { body(more, $0) } }
    }

    /// Adds an action: a line of the action sheet (`a`), shown in help
    /// (`?`) by its title, and run by `key` from the list and the detail.
    /// `run` gets the marked rows (in list order), or the selected row when
    /// none is marked, once, off the UI thread, and hands back a
    /// `ListActionResult`: a message, what happens to the list (`.refresh`,
    /// `.remove`, `.replace(rows)`), text to copy or a program to give the
    /// terminal to; what it throws is shown as one line. To act on the rows
    /// one at a time, `try await rows.eachRow { row in … }`. `confirm` asks
    /// first (No is the default): `${item.FIELD}` is filled from the row,
    /// and with rows marked `${item.FIELD}` and `${marked.FIELD}` name every
    /// marked row ("A, B, C and 4 more"), and the question says how many.
    /// `appliesTo` says for which rows it
    /// exists: the sheet leaves it out for the others, and its key says it
    /// does not apply. A key another binding uses is a
    /// `ListControllerError` when the list starts.
    public func addAction(_ title: String, key: String? = nil, confirm: String? = nil,
                          appliesTo: (@Sendable (ListRow) -> Bool)? = nil,
                          run: @escaping @Sendable ([ListRow]) async throws -> ListActionResult) {
        actions.append(KitAction(title: title, key: key, confirm: confirm, appliesTo: appliesTo, run: run))
    }

    /// Takes over the terminal until the user quits (or a signal asks),
    /// then gives it back as it was, on every way out. Throws when a key
    /// binding is wrong or the terminal cannot be used.
    public func run() async throws -> ListExit {
        let outcome = try await makeRuntime(size: TerminalSize(columns: 80, rows: 24), forRun: true).run()
        switch outcome {
        case .failure(let error): throw error
        case .success(.quit): return ListExit(signal: nil)
        case .success(.signal(let number)): return ListExit(signal: number)
        }
    }

    /// A session without a terminal, for tests and scripted use: send it
    /// keys, wait for it to settle, read what it holds and how it looks.
    public func session(columns: Int = 80, rows: Int = 24) throws -> ListSession {
        ListSession(try makeRuntime(size: TerminalSize(columns: columns, rows: rows)))
    }

    /// The favorites kept in `favoritesPlace` (as `run()` would find
    /// them), newest first; none when nothing is kept.
    public func favoriteRows() -> [ListRow] {
        let endpoint = source?.endpointKey ?? title
        if let source, favoritesPlace == .automatic {
            return source.favorites.favorites(endpoint: endpoint).map(ListRow.init(model:))
        }
        let path = favoritesPlace.path(environment: ProcessInfo.processInfo.environment, forRun: true)
        guard let path, FileManager.default.fileExists(atPath: path) else { return [] }
        return FavoritesFile(path: path).favorites(endpoint: endpoint).map(ListRow.init(model:))
    }
}

/// A mistake in a `ListController`'s set-up (a key binding, a missing
/// reload action), as one line.
public struct ListControllerError: Error, Sendable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}

extension ListColumn {
    var spec: ColumnSpec {
        ColumnSpec(field: field, title: title, width: width.map { .fixed($0) } ?? .weight(weight, min: minimum),
                   alignment: alignRight ? .right : .left)
    }
}

extension ThemeName {
    init(_ theme: ListTheme) {
        switch theme {
        case .default: self = .default
        case .light: self = .light
        case .monochrome: self = .monochrome
        }
    }
}
