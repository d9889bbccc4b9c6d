import RowboatSpec

/// Which list a page request is for: a tab's (by endpoint key) or a
/// related strip's (by its id). Answers are routed by it, so a request of
/// a tab you left lands in that tab, and one for a popped strip nowhere.
public enum ListID: Sendable, Hashable {
    case tab(String)
    case strip(Int)
}
