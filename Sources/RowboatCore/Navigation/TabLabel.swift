import RowboatSpec

/// A tab's label on the tabs line: its number (the key that selects it),
/// its title and its state: the spinner while its list loads, ✗ after a
/// failure, else how many items it holds (nothing before its first visit).
public enum TabLabel {
    public static func text(_ tab: TabState, number: Int, spinner: Character) -> String {
        let key = number <= 9 ? "\(number) " : ""
        return " \(key)\(tab.title) \(indicator(tab, spinner: spinner)) "
    }

    static func indicator(_ tab: TabState, spinner: Character) -> String {
        guard tab.visited else { return "·" }
        if tab.list.inFlight != nil, tab.list.stream == nil { return String(spinner) }
        if case .failed = tab.list.phase { return "✗" }
        return String(tab.list.rows.count)
    }
}
