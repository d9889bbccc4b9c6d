/// The one line that says a first page lacked configured paging paths:
/// shown once on stderr by `fetch` and in the TUI's status bar, so a typo
/// in a path does not pass for "the data ended after one page".
public enum PagingNotice {
    /// Nil when nothing was absent.
    public static func text(_ absentPaths: [String]) -> String? {
        guard !absentPaths.isEmpty else { return nil }
        let noun = absentPaths.count == 1 ? "is" : "are"
        return "\(absentPaths.joined(separator: ", ")) \(noun) not in the first page (a typo in the config?)"
    }
}
