import RowboatSpec

/// What the list screen shows: its items (favorites, search matches or
/// the tab's rows), their pictures' URLs and marks, the list it draws.
extension AppState {
    /// True when item `index` of what the list screen shows (a row, or a
    /// search match) is marked; favorites never are.
    public func isMarked(shown index: Int) -> Bool {
        guard !showingFavorites, !list.marks.isEmpty else { return false }
        if let search { return search.matches.indices.contains(index) && list.marks.contains(search.matches[index], in: list.rows) }
        return list.marks.contains(index, in: list.rows)
    }

    /// Item `index` of the collection the list screen shows: a favorite,
    /// a search match, or a row of the list.
    public func shownItem(_ index: Int) -> RowModel? {
        if showingFavorites { return favorites.indices.contains(index) ? favorites[index] : nil }
        if let search {
            guard search.matches.indices.contains(index) else { return nil }
            let row = search.matches[index]
            return list.rows.indices.contains(row) ? withExpressionColumns(list.rows[row]) : nil
        }
        return list.rows.indices.contains(index) ? withExpressionColumns(list.rows[index]) : nil
    }

    /// The image URL of `shownItem(index)` for each index in `range`, in
    /// order, without making the whole rows (nil for an item without one
    /// or past the end). Which items the screen shows is looked up once.
    public func forEachShownImageURL(in range: Range<Int>, _ body: (String?) -> Void) {
        if showingFavorites {
            let favorites = favorites
            for index in range { body(favorites.indices.contains(index) ? favorites[index].imageURL : nil) }
            return
        }
        let rows = list.rows
        if let search {
            for index in range {
                let row = search.matches.indices.contains(index) ? search.matches[index] : -1
                body(rows.indices.contains(row) ? rows.imageURL(at: row) : nil)
            }
            return
        }
        for index in range { body(rows.indices.contains(index) ? rows.imageURL(at: index) : nil) }
    }

    /// The list the screen draws: the visible matches while searching,
    /// else the current tab's list.
    public var displayedList: ListState {
        guard let search else { return list }
        let geometry = ScreenLayout.of(self).searchGeometry(viewMode: viewMode)
        return search.window(of: list.rows, perLine: geometry.perLine, lines: geometry.lines)
    }
}
