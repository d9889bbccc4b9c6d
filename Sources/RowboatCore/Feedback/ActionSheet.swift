import RowboatSpec

/// The list of things to do with one item (`a`): open its link, copy it,
/// favorite it, open the detail, retry its image. Only what applies to the
/// item is listed.
public struct ActionSheet: Sendable, Equatable {
    /// The item the sheet acts on.
    public var rowID: String
    public var title: String
    public var items: [SheetItem]
    public var cursor: Int

    public init(rowID: String, title: String, items: [SheetItem], cursor: Int = 0) {
        self.rowID = rowID
        self.title = title
        self.items = items
        self.cursor = cursor
    }

    /// The sheet for `row`: link actions when it has a link, copying the
    /// favorite on or off, the detail (unless it is open already:
    /// `inDetail`), retrying a failed image, the endpoint's actions that
    /// apply to it (each with its key), then copying the value of each
    /// column shown (`columns`).
    public static func items(for row: RowModel, isFavorite: Bool, imageFailed: Bool,
                             actions: [ActionSpec] = [], inDetail: Bool = false,
                             columns: [ColumnSpec] = [], copiesRequest: Bool = false) -> [SheetItem] {
        var items: [SheetItem] = []
        if row.linkURL != nil { items += [.openLink, .copyLink] }
        items.append(isFavorite ? .removeFavorite : .addFavorite)
        if !inDetail { items.append(.openDetail) }
        if imageFailed { items.append(.retryImage) }
        items += actions.enumerated().filter { ActionFields.applies($0.offset, to: row) }
            .map { SheetItem.action(index: $0, title: $1.title, key: $1.key) }
        // The copy lines last: there may be many, and `Y` opens the sheet on them.
        if copiesRequest { items.append(.copyAsCurl) }
        items += columns.filter { $0.field != "link" }.map { SheetItem.copyField($0.field, title: $0.title) }
        return items
    }
}

/// One line of the action sheet.
public enum SheetItem: Sendable, Equatable {
    case openLink, copyLink, addFavorite, removeFavorite, openDetail, retryImage
    /// Copy the list's request as a curl command (the `rowboat` app's lists).
    case copyAsCurl
    /// Copy a column's value (of every marked row, with rows marked).
    case copyField(String, title: String)
    /// One of the endpoint's actions (the config's, or a `ListController`
    /// program's), by its index among them, with the key that runs it.
    case action(index: Int, title: String, key: Key? = nil)

    /// The line's text.
    public var label: String {
        switch self {
        case .openLink: "Open link in browser"
        case .copyLink: "Copy link"
        case .addFavorite: "Add to favorites"
        case .removeFavorite: "Remove from favorites"
        case .openDetail: "Show detail"
        case .retryImage: "Retry image"
        case .copyField(_, let title): "Copy \(title)"
        case .copyAsCurl: "Copy request as curl"
        case .action(_, let title, _): title
        }
    }

    /// The list action whose key is shown beside the label: that key does
    /// this line inside the sheet too (`SheetAction.press`), as it does
    /// from the list, whatever `keys:` bound it to. The detail has none:
    /// Enter in the sheet does the line under the cursor.
    public var keyAction: KeyAction? {
        switch self {
        case .openLink: .openLink
        case .copyLink: .copyLink
        case .addFavorite, .removeFavorite: .favorite
        case .openDetail: nil
        case .retryImage: .retryImage
        case .copyField, .copyAsCurl: nil
        case .action: nil
        }
    }
}

/// What the keys do in the action sheet.
public enum SheetAction: Sendable, Equatable {
    case open
    /// Open it on its first line that copies a value (`Y`).
    case openCopy
    case move(Int)
    /// Do the item under the cursor and close.
    case run
    /// A shortcut shown in the sheet (the list key of `o`pen link, cop`y`,
    /// favorite, `R`etry): do the line it stands beside and close; a key
    /// whose line the item lacks does nothing.
    case press(KeyAction)
    case cancel
}
