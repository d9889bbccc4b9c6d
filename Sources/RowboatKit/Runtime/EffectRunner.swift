import Foundation
import Synchronization
import RowboatCore
import RowboatSpec

/// Performs the effects the reducer asks for, off the UI thread, and posts
/// the resulting actions back. Pages come from a `PageProvider` (the
/// config-driven client, or a `ListController`'s closures); each answer
/// names the list it is for.
package final class EffectRunner: Sendable {
    let provider: any PageProvider
    /// Favorites and the cache (nil: favorites for the session only, no cache).
    let store: (any ListStore)?
    /// The files and the cache written beside the list — favorite reads and
    /// writes, measuring and clearing the cache, the kept column layouts,
    /// views and action runs — in order, off the UI thread.
    let storeQueue = DispatchQueue(label: "rowboat.stores")
    /// Browser and clipboard programs run here, one at a time.
    let helperQueue = DispatchQueue(label: "rowboat.helpers")
    /// Fetches rows' images (nil: none are); given at start or, on the
    /// terminal, once it has said what it shows (`attach(images:)`).
    private let imageService: Mutex<(any ImageService)?>
    var images: (any ImageService)? { imageService.withLock { $0 } }
    let post: @Sendable (AppAction) -> Void
    /// Page requests in flight, cancellable by list and id.
    let fetches = FetchTasks()
    /// `/` searches and local filters of long lists, the latest of each tab or list.
    let scans = LatestScans()
    let clock: @Sendable () -> Double
    /// Does actions' jobs (an embedding program's actions among them).
    let actions: ActionRunner
    /// Where column arrangements are kept (nil: they are not).
    let columnStore: ColumnStore?
    /// Where saved views are kept (nil: for the session only).
    let viewStore: ViewStore?
    /// Where the action console's runs are kept for the next sessions (nil: they are not).
    let actionHistory: ActionHistoryStore?

    /// `store` nil (or one whose favorites are not kept) keeps favorites
    /// for the session only; `images` nil fetches no image.
    package init(provider: any PageProvider, store: (any ListStore)? = nil, images: (any ImageService)? = nil,
                 clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                 customAction: (@Sendable (Int, [RowModel]) async -> CustomActionOutcome)? = nil,
                 columnStore: ColumnStore? = nil, viewStore: ViewStore? = nil,
                 actionHistory: ActionHistoryStore? = nil,
                 post: @escaping @Sendable (AppAction) -> Void) {
        self.provider = provider
        self.columnStore = columnStore
        self.viewStore = viewStore
        self.actionHistory = actionHistory
        self.actions = ActionRunner(provider: provider, custom: customAction, post: post)
        self.imageService = Mutex(images)
        self.store = store
        self.clock = clock
        self.post = post
    }

    /// The images' service, made once the terminal has started (pages may
    /// be asked for before: no row, so no image, is wanted until then).
    package func attach(images service: (any ImageService)?) {
        imageService.withLock { $0 = service }
    }

    /// Stops background image work, every page request (live ticks among
    /// them) and every action still running, and waits for the store's
    /// writes in hand (on quit).
    package func stop() {
        images?.stop()
        fetches.cancelAll()
        actions.stopAll()
        // A favorite or a column layout saved just before quitting is written, not lost.
        storeQueue.sync {}
    }

    package func run(_ effect: AppEffect) {
        switch effect {
        case .fetchPage(let list, let endpoint, let id, let cursor, let params):
            fetches.start(list, id) { await self.fetchPage(list: list, endpoint: endpoint, id: id, cursor: cursor, params: params) }
        case .fetchLive(let list, let endpoint, let id, let cursor, let params):
            fetches.start(list, id) {
                await self.fetchPage(list: list, endpoint: endpoint, id: id, cursor: cursor, params: params, live: true)
            }
        case .cancelFetch(let list, let id):
            fetches.cancel(list, id)
        case .sortRows(let list, let id, let sort, let rows):
            // A million rows take a few hundred milliseconds: keys are answered meanwhile.
            DispatchQueue.global(qos: .userInitiated).async {
                // The rows put in the order here too (at ten million rows, 0.3–0.4 s): the UI thread takes them.
                let order = sort?.order(of: rows) ?? []
                var sorted = rows
                if let sort { sorted.reorder(order, by: sort) } else { sorted.restoreNaturalOrder() }
                self.post(.answer(list, .rowsSorted(requestID: id, order: order, rows: sorted)))
            }
        case .searchRows(let tab, let id, let text, let rows, let among, let fields):
            // Ten million rows take a few hundred milliseconds: keys are answered meanwhile.
            scans.run(.search(tab: tab), id: id) { replaced in
                // The answer's start is shown while the rest is scanned.
                let matches = SearchState.matches(text, in: rows, among: among, fields: fields, stop: replaced) { start in
                    if !replaced() { self.post(.search(.foundFirst(tab: tab, requestID: id, matches: start))) }
                }
                // A replaced scan's matches are partial, and no one waits for them.
                if !replaced() { self.post(.search(.found(tab: tab, requestID: id, matches: matches))) }
            }
        case .filterRows(let list, let id, let filter, let rows, let aside, let sort):
            // Ten million rows take about a second: keys are answered meanwhile.
            scans.run(.filter(list), id: id) { replaced in
                // (No filter: no row tested, every row back in order.)
                let kept = filter.map { filter in
                    aside ? rows.rowsWithAside(matching: filter, stop: replaced)
                        : rows.rows(rows.indices, matching: filter, stop: replaced)
                }
                // A replaced scan's rows are partial, and no one waits for them.
                guard !replaced() else { return }
                // The rows as the filter leaves them, made here too (the index of the rows
                // kept, the rows let back in order): the UI thread takes them as they are.
                var shown = rows
                shown.showOnly({ _ in kept }, narrowing: !aside, sort: sort)
                if !replaced() { self.post(.answer(list, .rowsFiltered(requestID: id, kept: kept ?? [], rows: shown))) }
            }
        case .stopFilter(let list, let id):
            scans.stop(.filter(list), id: id)
        case .saveColumns(let endpoint, let arrangement):
            guard let columnStore else { return }
            storeQueue.async {
                do {
                    try columnStore.save(arrangement, endpoint: endpoint)
                } catch {
                    self.post(.columnsNotSaved("\(error)"))
                }
            }
        case .saveViews(let endpoint, let views):
            guard let viewStore else { return }
            storeQueue.async {
                do {
                    try viewStore.save(views, endpoint: endpoint)
                } catch {
                    self.post(.viewsNotSaved("\(error)"))
                }
            }
        case .copyAsCurl(let endpoint, let params):
            if let command = provider.curl(endpoint: endpoint, params: params) {
                post(.copyText(CopyRequest(command, what: "the request as curl")))
            } else {
                post(.notify("this list has no request to copy", isError: true))
            }
        case .loadDetail(let endpoint, let row):
            let provider = self.provider
            let post = self.post
            Task {
                do {
                    let fresh = try await provider.detail(of: row, endpoint: endpoint)
                    post(.detail(.loaded(endpoint: endpoint, fresh)))
                } catch {
                    post(.detail(.failed(endpoint: endpoint, rowID: row.id, message: Self.message(error))))
                }
            }
        case .loadFavorites(let endpoint):
            // Without a store the state holds the only copy: nothing to read back.
            guard let store else { return }
            storeQueue.async { self.post(.favoritesLoaded(endpoint: endpoint, store.favorites(endpoint: endpoint))) }
        case .saveFavorite(let endpoint, let row):
            guard let store else { return }
            storeQueue.async {
                do { try store.saveFavorite(row, endpoint: endpoint, now: self.clock()) } catch {
                    self.post(.favoriteWriteFailed(endpoint: endpoint, Self.message(error)))
                }
            }
        case .removeFavorite(let endpoint, let id):
            guard let store else { return }
            storeQueue.async {
                do { try store.removeFavorite(id: id, endpoint: endpoint) } catch {
                    self.post(.favoriteWriteFailed(endpoint: endpoint, Self.message(error)))
                }
            }
        case .openURL(let url):
            let opener = LinkOpener(environment: ProcessInfo.processInfo.environment)
            helperQueue.async {
                if case .failure(let e) = opener.open(url) { self.post(.notify(e.description, isError: true)) }
            }
        case .redrawScreen:
            break   // the run loop's (it owns the terminal); a headless session draws whole frames
        case .sendNotifications(let notices):
            // What reaches here goes to the desktop (the run loop wrote the terminal's own kinds).
            helperQueue.async {
                for notice in notices {
                    _ = ChildProcess.run(["notify-send", "--app-name=Rowboat", notice.title ?? "Rowboat", notice.text])
                }
            }
        case .copy(let request):
            let clipboard = Clipboard(environment: ProcessInfo.processInfo.environment)
            helperQueue.async {
                // The local tool gets the text with secrets taken out, as the terminal does.
                switch clipboard.copy(Secrets.redact(request.text)) {
                case .success(let tool):
                    self.post(.notify("copied \(request.what) (\(tool)\(request.sentToTerminal ? " and the terminal" : ""))",
                                      isError: false))
                case .failure where request.sentToTerminal:
                    self.post(.notify("copied \(request.what) (sent to the terminal's clipboard: OSC 52)", isError: false))
                case .failure(let e):
                    self.post(.notify("cannot copy: \(e.description)", isError: true))
                }
            }
        case .wantImages(let requests):
            images?.want(requests)
        case .retryImage(let url):
            images?.retry(url: url)
        case .measureCache:
            storeQueue.async {
                self.post(self.store?.measureCache() ?? .cacheMeasured(nil, reason: "caching is off in the config"))
            }
        case .clearCache:
            storeQueue.async { self.post(self.store?.clearCache() ?? .notify("no cache to clear", isError: true)) }
        case .performAction(let plan, let runID):
            if plan.isInteractive {
                // Only the UI thread can hand the terminal over (TUIRunLoop).
                post(.actionFinished(ActionReport(runID: runID, title: plan.title, endpoint: plan.endpoint,
                                                  total: plan.jobs.count, failed: plan.jobs.count,
                                                  firstFailure: "an interactive program needs a terminal")))
                return
            }
            actions.perform(plan, runID: runID)
        case .cancelActions(let ids):
            actions.cancel(ids)
        case .saveActionHistory(let runs):
            guard let actionHistory else { return }
            storeQueue.async {
                do { try actionHistory.save(runs) } catch { self.post(.notify("action history not kept: \(error)", isError: true)) }
            }
        }
    }

    /// Gets one page of `endpoint` for `list` from the provider and posts
    /// `.answer(list, .pageLoaded)` (twice for a cached page the network then
    /// replaces) or `.answer(list, .pageFailed)` (`.pageNotCached` for a
    /// page a cache-only get did not find); a cancelled request posts
    /// nothing.
    package func fetchPage(list: ListID, endpoint: String, id: Int, cursor: PageCursor,
                           params: [String: String] = [:], live: Bool = false) async {
        let post = self.post
        let request = PageRequest(list: list, endpoint: endpoint, requestID: id, cursor: cursor, params: params,
                                  live: live)
        do {
            try await provider.load(request) { load in post(.answer(list, .pageLoaded(requestID: id, load))) }
        } catch {
            // A cancelled request was superseded: nobody waits for its answer.
            guard !Task.isCancelled else { return }
            if case .cacheMiss? = error as? DataError {
                post(.answer(list, .pageNotCached(requestID: id, message: Self.message(error))))
            } else if let seconds = (error as? DataError)?.retryAfter {
                post(.answer(list, .pageDeferred(requestID: id, message: Self.message(error), retryAfter: seconds)))
            } else {
                post(.answer(list, .pageFailed(requestID: id, message: Self.message(error))))
            }
        }
    }

    /// An error as one line for the status bar and the error view.
    static func message(_ error: any Error) -> String {
        String(describing: error)
    }
}
