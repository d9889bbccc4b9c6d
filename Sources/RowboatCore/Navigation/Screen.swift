import RowboatSpec

/// A screen pushed over a tab's list: the favorites list, the results of a
/// `/` search, or an item's detail. The list itself is the bottom of every
/// tab's stack and is not in it.
public enum Screen: Sendable, Equatable {
    case favorites(selection: Int)
    case search(SearchState)
    case detail(DetailState)
}
