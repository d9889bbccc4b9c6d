/// A refresh following the selected row beyond its first page: the rows
/// before `freshCount` came from the refresh, the rest are the old rows,
/// kept (the selection on its item) while the refresh loads its next pages
/// until the selected id is among the fresh rows again — then the old rows
/// go. At most `pagesLeft` more pages are loaded; when they, the data or a
/// failure end the search first, the old rows go and the selection stays
/// at its place in the fresh rows.
public struct RefreshFollow: Sendable, Equatable {
    /// The item the refresh keeps selected.
    public var selectedID: String
    /// Rows before this index are the refresh's; rows from it are the old ones.
    public var freshCount: Int
    /// Pages the refresh may still load to find the item.
    public var pagesLeft: Int
    /// The selection's index before the refresh: where it stays when the
    /// item is not found.
    public var place: Int

    public init(selectedID: String, freshCount: Int, pagesLeft: Int, place: Int) {
        self.selectedID = selectedID
        self.freshCount = freshCount
        self.pagesLeft = pagesLeft
        self.place = place
    }

    /// The most pages a refresh loads after its first to find the selected
    /// row (it loads one more than the list had, up to this).
    public static let pageCap = 20
}
