extension Paging {
    /// True when an empty page ends the data. Page and offset styles have
    /// nothing else to go on; cursor, nextURL, link and continuation styles end when the
    /// server stops giving a next cursor or URL (Slack sends empty pages
    /// with a cursor), unless `endOnEmptyPage` says otherwise. (A lastId
    /// page that is empty has no last id, so it ends either way.)
    public var endsOnEmptyPage: Bool {
        switch style {
        case .cursor, .nextURL, .link, .nextURLHeader, .continuation: endOnEmptyPage
        case .none, .pageNumber, .offset, .lastID: true
        }
    }
}
