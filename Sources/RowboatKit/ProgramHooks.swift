import Foundation
import RowboatCore
import RowboatSpec
import Synchronization

/// The program's hooks that answer what the list shows: its note on the
/// marked rows (`onMarked`, asked on the UI thread each time the marks
/// change) and its fresh copies of the favorites (`onFavorites`, asked off
/// the UI thread each time the favorites list opens). Each answer is posted
/// to the list as an action.
final class ProgramHooks: Sendable {
    private let endpoint: String
    private let modeller: RowModeller
    private let marked: (@Sendable ([ListRow]) -> String?)?
    private let favorites: (@Sendable ([String]) async throws -> [ListRow])?
    private let post: @Sendable (AppAction) -> Void
    /// The marks and whether the favorites list was open, as of the last look.
    private let seen = Mutex<(marks: Marks?, favoritesOpen: Bool)>((nil, false))

    init(endpoint: String, modeller: RowModeller, marked: (@Sendable ([ListRow]) -> String?)?,
         favorites: (@Sendable ([String]) async throws -> [ListRow])?, post: @escaping @Sendable (AppAction) -> Void) {
        self.endpoint = endpoint
        self.modeller = modeller
        self.marked = marked
        self.favorites = favorites
        self.post = post
    }

    /// Looks at the state after an action and asks what changed.
    func look(at state: AppState) {
        let marks = state.list.marks
        let favoritesOpen: Bool = if case .favorites? = state.screen { true } else { false }
        let (marksChanged, opened) = seen.withLock { seen in
            defer { seen = (marks, favoritesOpen) }
            return (seen.marks != marks, favoritesOpen && !seen.favoritesOpen)
        }
        if marksChanged, let marked {
            let rows = marks.isEmpty ? [] : marks.indices(in: state.list.rows).map { ListRow(model: state.list.rows[$0]) }
            post(.setMarkedNote(rows.isEmpty ? nil : marked(rows)))
        }
        if opened, let favorites {
            let kept = state.favoritesByEndpoint[endpoint] ?? []
            let (endpoint, modeller, post) = (endpoint, modeller, post)
            Task.detached {
                do {
                    let fresh = try await favorites(kept.map(\.id))
                    var byID: [String: RowModel] = [:]
                    for row in fresh { byID[row.id] = modeller.model(row) }
                    // A favorite the program no longer finds keeps its kept copy.
                    post(.favoritesLoaded(endpoint: endpoint, kept.map { byID[$0.id] ?? $0 }))
                } catch {
                    post(.notify("favorites not refreshed: \(error)", isError: true))
                }
            }
        }
    }
}
