/// The one line that says a first page lacked configured paging paths:
/// shown once on stderr by `fetch` and in the TUI's status bar, so a typo
/// in a path does not pass for "the data ended after one page". A `link`
/// endpoint whose first page came without a next link says so the same way.
public enum PagingNotice {
    /// What `PageDecoder` notes among the absent paths when a `link`
    /// endpoint's page (not one that looks like the last) came without a
    /// `Link` header naming a next page.
    public static let noNextLink = "Link header with rel=\"next\""

    /// Nil when nothing was absent.
    public static func text(_ absentPaths: [String]) -> String? {
        let paths = absentPaths.filter { $0 != noNextLink }
        var parts: [String] = []
        if !paths.isEmpty {
            let noun = paths.count == 1 ? "is" : "are"
            parts.append("\(paths.joined(separator: ", ")) \(noun) not in the first page (a typo in the config?)")
        }
        if paths.count < absentPaths.count {
            parts.append("no next page: the server sent no Link header with rel=\"next\" (paging.style link)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
