import Foundation
import RowboatCore
import RowboatSpec
import Synchronization

/// Where a `ListController` keeps its favorites between runs: a small JSON
/// file, in the user's data directory for the program's name by default.
public enum ListFavoritesPlace: Sendable, Equatable {
    /// `run()`: `$XDG_DATA_HOME/PROGRAM/favorites.json` (else
    /// `~/.local/share/PROGRAM/…`), PROGRAM the executable's name; a
    /// `session()` keeps them for the session only.
    case automatic
    /// `$XDG_DATA_HOME/NAME/favorites.json` (else `~/.local/share/NAME/…`).
    case named(String)
    /// This file.
    case file(String)
    /// For the run only: nothing is written.
    case sessionOnly

    /// The file, or nil for the run only.
    func path(environment: [String: String], forRun: Bool) -> String? {
        switch self {
        case .automatic:
            return forRun ? Self.dataFile(ProcessInfo.processInfo.processName, environment: environment) : nil
        case .named(let name): return Self.dataFile(name, environment: environment)
        case .file(let path): return path
        case .sessionOnly: return nil
        }
    }

    static func dataFile(_ name: String, environment: [String: String]) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/" + name + "/favorites.json"
    }
}

/// Calls a controller's favorites hook when the list's favorites change
/// (by the star key, the remote, or their first load).
final class FavoritesWatch: Sendable {
    private let endpoint: String
    private let changed: (@Sendable ([ListRow]) -> Void)?
    private let seen = Mutex<[String]?>(nil)

    init(endpoint: String, changed: (@Sendable ([ListRow]) -> Void)?) {
        self.endpoint = endpoint
        self.changed = changed
    }

    func look(at state: AppState) {
        guard let changed, let rows = state.favoritesByEndpoint[endpoint] else { return }
        let ids = rows.map(\.id)
        let isNew = seen.withLock { seen in
            defer { seen = ids }
            return seen != ids
        }
        if isNew { changed(rows.map(ListRow.init(model:))) }
    }
}
