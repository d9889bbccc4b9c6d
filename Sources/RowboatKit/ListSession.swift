import Foundation
import RowboatCore
import RowboatSpec
import RowboatViews
import Synchronization
import RowboatCells

/// A `ListController` running without a terminal: the same state machine
/// and the same page requests as `run()`, driven by `press(_:)` instead of
/// a keyboard. For tests of your own list (and scripted use): press keys,
/// wait until it settles, then read `snapshot` or `frame()` — the screen
/// as text, exactly as the terminal would show it.
public final class ListSession: Sendable {
    private let store: AppStore
    private let keyMap: KeyMap
    private let theme: Theme
    private let runner: Mutex<EffectRunner?> = Mutex(nil)
    /// The images' service (nil: none), shut down on `close()`.
    private let images = ImageServiceSlot()
    private let waiters = Mutex<[Waiter]>([])
    /// Attaches the controller's remote to this session (nil: detaches it, on close).
    private let attach: @Sendable (ListRuntime.Post?) -> Void
    /// Closes what the list's source opened (a config's HTTP client), on `close()`.
    private let finish: @Sendable () async -> Void
    private let nextWaiterID = Atomic<UInt64>(0)
    /// The wake-up for the next live tick: when it is set for, and its task
    /// (the session has no run loop to wake it). Closed: none is set again.
    private let alarm = Mutex<(at: Double?, task: Task<Void, Never>?, closed: Bool)>((nil, nil, false))
    /// The last toast seen (a toast goes after a few seconds; a test may look later).
    private let lastToast = Mutex<String?>(nil)

    /// Someone waiting for the state to satisfy a predicate.
    private struct Waiter {
        let id: UInt64
        let satisfied: @Sendable (AppState) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    init(_ runtime: ListRuntime) {
        var state = runtime.state
        runtime.notices().apply(to: &state.list.notice)
        store = AppStore(state, observe: runtime.observe)
        keyMap = runtime.keyMap
        theme = runtime.theme
        attach = runtime.attach
        finish = runtime.finish
        // Thumbnails as a 256-colour terminal shows them.
        let service = images.make(runtime.images, ImageServiceContext(
            colors: .indexed240, pixels: nil, clock: { Date().timeIntervalSince1970 },
            post: { [weak self] action in self?.dispatch(action) }))
        let runner = runtime.runner(images: service, clock: { Date().timeIntervalSince1970 },
                                    post: { [weak self] action in self?.dispatch(action) })
        self.runner.withLock { $0 = runner }
        runtime.attach { [weak self] action in self?.dispatch(action) }
        let size = runtime.state.size
        dispatch(.resized(size))
        dispatch(.list(.appeared))
    }

    /// Presses a key by its config name: `j`, `space`, `enter`, `esc`,
    /// `pgdn`, `up`, `/`, … (as in `keys`), where the screen now is. Text
    /// typed into the search prompt is pressed a character at a time.
    /// Returns false for a name that is no key.
    @discardableResult
    public func press(_ name: String) -> Bool {
        guard let key = KeyName.parse(name) else { return false }
        let action = store.read { keyMap.action(for: key, in: $0) }
        if let action { dispatch(action) }
        return true
    }

    /// Waits until nothing is loading (no page of the list, nor of a
    /// related strip, in flight); throws `ListSessionTimeout` when
    /// `timeout` passes first.
    public func waitUntilSettled(timeout: Duration = .seconds(10)) async throws {
        try await wait(timeout: timeout, for: "the list to settle") { !$0.isLoading }
    }

    /// Waits until the snapshot satisfies `condition`; throws
    /// `ListSessionTimeout` (saying what the list was doing) when `timeout`
    /// passes first, and `CancellationError` when the waiting task is
    /// cancelled. The condition is asked after every change, on the thread
    /// that made it: keep it quick, and do not press keys in it.
    public func waitUntil(timeout: Duration = .seconds(10),
                          _ condition: @escaping @Sendable (ListSnapshot) -> Bool) async throws {
        try await wait(timeout: timeout, for: "the condition") { [unowned self] in
            condition(ListSnapshot($0, lastToast: lastToast.withLock { $0 }))
        }
    }

    /// What the list holds now.
    public var snapshot: ListSnapshot {
        let toast = lastToast.withLock { $0 }
        return store.read { ListSnapshot($0, lastToast: toast) }
    }

    /// Waits for `condition` until `timeout`.
    private func wait(timeout: Duration, for what: String,
                      _ condition: @escaping @Sendable (AppState) -> Bool) async throws {
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitUntil(state: condition); return !Task.isCancelled }
            group.addTask { try await Task.sleep(for: timeout); return false }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        try Task.checkCancellation()
        guard met else {
            let status = frame().last.map { String($0.trimmingWhitespace()) } ?? ""
            throw ListSessionTimeout(description: "waited \(timeout) for \(what); the status bar says: \(status)")
        }
    }

    /// The screen as text lines, as the terminal would show it now (at the
    /// state's clock, as the terminal draws it: what the reducer decided
    /// and what is drawn agree on "now").
    public func frame() -> [String] {
        let current = store.current
        return AppRenderer(theme: theme).render(current, now: current.clock, keyMap: keyMap).lines()
    }

    /// Stops background work (image downloads, live ticks).
    public func close() {
        let task = alarm.withLock { alarm in
            alarm.closed = true
            return alarm.task
        }
        task?.cancel()
        attach(nil)
        runner.withLock { $0 }?.stop()
        let (images, finish) = (self.images, self.finish)
        Task {
            await images.shutdown()
            await finish()
        }
    }

    private func waitUntil(state condition: @escaping @Sendable (AppState) -> Bool) async {
        let id = nextWaiterID.add(1, ordering: .relaxed).newValue
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Checked on a copy, outside the store's lock: a condition may
                // read the session again (`frame()`).
                if Task.isCancelled || condition(store.current) {
                    continuation.resume()
                } else {
                    waiters.withLock { $0.append(Waiter(id: id, satisfied: condition, continuation: continuation)) }
                    recheck()   // the state may have moved between the two locks
                    if Task.isCancelled { resume(id) }   // cancelled before it was listed
                }
            }
        } onCancel: {
            // A cancelled wait (a test's time limit) returns at once: the
            // caller's expectations then fail instead of the process hanging.
            resume(id)
        }
    }

    /// Takes one waiter out and resumes it, if it is still waiting.
    private func resume(_ id: UInt64) {
        let waiter = waiters.withLock { list -> Waiter? in
            guard let index = list.firstIndex(where: { $0.id == id }) else { return nil }
            return list.remove(at: index)
        }
        waiter?.continuation.resume()
    }

    /// The clock set to now, then `action`, as the run loop takes them.
    private func dispatch(_ action: AppAction) {
        let runner = runner.withLock { $0 }
        let after = store.send(.clock(Date().timeIntervalSince1970), action) { runner?.run($0) }
        if let toast = store.read({ $0.toast?.text }) { lastToast.withLock { $0 = toast } }
        setAlarm(for: after.nextLiveTick, now: after.clock)
        recheck()
    }

    /// Wakes the session at `tick` (a live list's next tick), as the
    /// terminal's run loop would.
    private func setAlarm(for tick: Double?, now: Double) {
        guard let tick else { return }
        let old = alarm.withLock { alarm -> Task<Void, Never>?? in
            guard !alarm.closed else { return nil }
            if let at = alarm.at, at <= tick { return nil }
            let previous = alarm.task
            alarm.at = tick
            alarm.task = Task { [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(max(0, tick - now) * 1_000_000_000) + 1_000_000)
                guard !Task.isCancelled, let self else { return }
                self.alarm.withLock { $0.at = nil; $0.task = nil }
                self.dispatch(.clock(Date().timeIntervalSince1970))
            }
            return previous
        }
        if let previous = old { previous?.cancel() }
    }

    /// Resumes every waiter whose condition holds now.
    private func recheck() {
        let current = store.current
        let ready = waiters.withLock { list in
            // Each condition asked once: one that reads the session again
            // (`frame()`) may answer otherwise a second time, and a waiter
            // left in neither list would never be resumed.
            var done: [Waiter] = [], rest: [Waiter] = []
            for waiter in list {
                if waiter.satisfied(current) { done.append(waiter) } else { rest.append(waiter) }
            }
            list = rest
            return done
        }
        for waiter in ready { waiter.continuation.resume() }
    }
}

/// What a list holds at one moment: the rows and what is on screen over
/// them — the search, the marks, the favorites, the detail, a confirm
/// question and the last toast — for a test to assert on.
public struct ListSnapshot: Sendable, Equatable {
    /// Every row loaded, in order (de-duplicated by id).
    public var rows: [ListRow]
    /// The rows on screen: a search's matches while one is open, else the
    /// rows (as a local filter and sort leave them).
    public var visibleRows: [ListRow]
    /// The selected row's index in `rows`.
    public var selection: Int
    /// What the list is doing.
    public var status: ListStatus
    /// The text of `/` while a search is open or a search of your source
    /// (`onSearch`) is in force; nil otherwise.
    public var query: String?
    /// True when `query` went to your search hook (the rows are its pages).
    public var querySentToSource: Bool
    /// The marked rows' ids, in list order.
    public var markedIDs: [String]
    /// The favorites' ids, newest first.
    public var favoriteIDs: [String]
    /// The row whose detail is open, as the detail shows it (with a detail
    /// hook: the fields and `text` it handed back), if one is.
    public var detail: ListRow?
    /// The confirm question on screen (its lines, one per line), if one is.
    public var confirm: String?
    /// The last toast the list showed, even when it has gone again.
    public var lastToast: String?
    /// Your status segment (`remote.setStatus`) and your note on the marked
    /// rows (`onMarked`), as the status bar shows them.
    public var programStatus: String?
    /// Your note on the marked rows (`onMarked`), as the status bar shows it.
    public var markedNote: String?
    /// The last error, as the status bar shows it.
    public var error: String?
    /// Pages loaded so far.
    public var pages: Int
    /// The rows a live refresh brought that are still marked new.
    public var newRowIDs: Set<String>
    /// Each row image's state, by URL (with `images` set; none without).
    public var images: [String: ListImageState]

    init(_ state: AppState, lastToast: String? = nil) {
        let list = state.list
        rows = list.rows.map(ListRow.init(model:))
        if let search = state.search {
            visibleRows = search.matches.map { ListRow(model: list.rows[$0]) }
            query = search.text
        } else {
            visibleRows = rows
            query = state.query.serverSearch
        }
        querySentToSource = state.search == nil && state.query.serverSearch != nil
        selection = list.selection
        status = ListStatus(list.phase, inFlight: list.inFlight?.kind)
        markedIDs = list.marks.isEmpty ? [] : list.marks.indices(in: list.rows).map { list.rows.id(at: $0) }
        favoriteIDs = (state.favoritesByEndpoint[state.tab.endpointKey] ?? []).map(\.id)
        detail = state.detail.map { ListRow(model: $0.row) }
        if case .dialog(let dialog)? = state.overlay { confirm = dialog.lines.joined(separator: "\n") } else { confirm = nil }
        self.lastToast = state.toast?.text ?? lastToast
        programStatus = state.programStatus
        markedNote = state.markedNote
        error = list.lastError
        pages = list.pagesLoaded
        newRowIDs = list.live?.newIDs ?? []
        images = state.images.compactMapValues(ListImageState.init)
    }
}

/// A `waitUntil` whose condition did not come true in time: what the list
/// was doing, and its status line, when the time ran out.
public struct ListSessionTimeout: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Where a row's image is: wanted, downloading, downloaded (and drawn),
/// or failed with a one-line reason.
public enum ListImageState: Sendable, Equatable {
    /// Wanted, on its way, or downloaded and drawn.
    case new, downloading, downloaded
    /// Failed, with a one-line reason (`R` tries again).
    case failed(String)

    init?(_ phase: ImagePhase) {
        switch phase {
        case .new: self = .new
        case .downloading: self = .downloading
        case .downloaded: self = .downloaded
        case .failed(let reason): self = .failed(reason)
        case .off: return nil
        }
    }
}

/// What the list is doing.
public enum ListStatus: Sendable, Equatable {
    /// The first page is on its way (the spinner).
    case loading
    /// The first page again, rows kept on screen.
    case refreshing
    /// The next page is on its way (the footer's spinner).
    case loadingMore
    /// Idle, with more to load.
    case ready
    /// The last page said it was the last: "no more items".
    case allLoaded
    /// The last load failed; `r` retries it.
    case failed(String)

    init(_ phase: ListState.Phase, inFlight: ListState.LoadKind?) {
        switch phase {
        case .firstLoad: self = .loading
        case .refreshing: self = .refreshing
        case .loadingMore: self = .loadingMore
        case .idle, .pulling: self = .ready
        case .exhausted: self = .allLoaded
        case .failed(let message): self = .failed(message)
        }
    }
}
