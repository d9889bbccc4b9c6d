import RowboatCore
import RowboatSpec
import Synchronization

/// Drives a running `ListController` from your own code — a timer, another
/// task, a file watcher: reload, load more, update or remove rows, select a
/// row by id. Safe from any thread: each call is posted to the list as a
/// key press is (in order, taken on the UI thread), and does nothing while
/// the list is not running (before `run()` starts, after it returns).
///
/// ```swift
/// let remote = controller.remote
/// Task {
///     for await _ in ticks { remote.reload() }
/// }
/// ```
public final class ListRemote: Sendable {
    /// Where actions go while the list runs, and how rows are made.
    private let link = Mutex<(post: @Sendable (AppAction) -> Void, endpoint: String, modeller: RowModeller)?>(nil)

    init() {}

    /// Loads the first page again, keeping the selection (as `r`).
    public func reload() { send(.refresh) }

    /// Loads the next page, when there is one (as `space`).
    public func loadMore() { send(.loadMore) }

    /// Puts `rows` in the place of the loaded rows with their ids (rows not
    /// loaded are left out).
    public func update(_ rows: [ListRow]) {
        guard let link = link.withLock({ $0 }) else { return }
        link.post(.answer(.tab(link.endpoint), .replaceRows(rows.map(link.modeller.model))))
    }

    /// Puts `row` in the place of the loaded row with its id.
    public func update(_ row: ListRow) { update([row]) }

    /// Takes the rows with these ids out of the list (the selection stays
    /// on its row, or the row after it).
    public func remove(ids: [String]) { send(.removeRows(ids)) }

    /// Takes the row with this id out of the list.
    public func remove(id: String) { remove(ids: [id]) }

    /// Selects the row with this id, when it is loaded.
    public func select(id: String) { send(.select(id: id)) }

    /// Makes `row` a favorite, or not, as the star key does (kept in the
    /// controller's `favoritesPlace`).
    public func setFavorite(_ row: ListRow, _ isFavorite: Bool = true) {
        guard let link = link.withLock({ $0 }) else { return }
        link.post(.setFavorite(endpoint: link.endpoint, link.modeller.model(row), isFavorite: isFavorite))
    }

    /// Shows `text` as a segment of your own in the status bar, after the
    /// row count ("888 packages · 3.1 GB"); nil takes it away. It stays
    /// until the next call.
    public func setStatus(_ text: String?) {
        post(.setProgramStatus(text))
    }

    /// True while the list runs (its calls take effect).
    public var isRunning: Bool { link.withLock { $0 != nil } }

    /// Posts `action` to the running list (nothing while it does not run).
    func post(_ action: AppAction) {
        link.withLock { $0 }?.post(action)
    }

    private func send(_ action: ListAction) {
        guard let link = link.withLock({ $0 }) else { return }
        link.post(.answer(.tab(link.endpoint), action))
    }

    /// The list started: calls go to `post`.
    func attach(endpoint: String, modeller: RowModeller, post: @escaping @Sendable (AppAction) -> Void) {
        link.withLock { $0 = (post, endpoint, modeller) }
    }

    /// The list ended: calls do nothing.
    func detach() {
        link.withLock { $0 = nil }
    }
}
