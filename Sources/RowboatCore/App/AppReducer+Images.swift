/// Images: which thumbnails the screen wants (the visible items first, then
/// the next screen, so scrolling finds them ready), and the queue's news.
extension AppReducer {
    static func reduceImages(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .image(let request, let load):
            switch load {
            case .downloading:
                if state.images[request.url] != .downloaded { state.images[request.url] = .downloading }
            case .loaded(let thumbnail):
                state.images[request.url] = .downloaded
                if state.wantedImages.contains(request) { state.thumbnails[request] = thumbnail }
                if state.retryingImage == request.url {
                    state.retryingImage = nil
                    toast(&state, "image loaded")
                }
            case .failed(let reason):
                state.images[request.url] = .failed(reason)
                if state.retryingImage == request.url {
                    state.retryingImage = nil
                    toast(&state, "image failed again: \(reason)", isError: true)
                }
            }
            return []
        case .retryImage:
            guard let row = state.currentRow, let url = row.imageURL else {
                toast(&state, "this item has no image", isError: true)
                return []
            }
            guard case .failed = state.images[url] else {
                toast(&state, "the image has not failed")
                return []
            }
            state.images[url] = .new
            state.retryingImage = url
            toast(&state, "retrying the image…")
            // Asked again below, since it is no longer wanted as it was.
            state.wantedImages.removeAll { $0.url == url }
            return [.retryImage(url: url)]
        default:
            return []
        }
    }

    /// The thumbnails to ask for now, in priority order.
    static func wantedImages(_ state: AppState) -> [ImageRequest] {
        if state.isTooSmall { return [] }
        var out: [ImageRequest] = []
        var seen = Set<ImageRequest>()
        func add(_ row: RowModel, _ size: (columns: Int, rows: Int)) {
            guard let url = row.imageURL else { return }
            let request = ImageRequest(url: url, columns: size.columns, rows: size.rows)
            if seen.insert(request).inserted { out.append(request) }
        }
        if let detail = state.detail {
            if let row = detailRow(state, detail) { add(row, state.detailImageSize) }
            return out
        }
        let card = state.cardImageSize
        if state.showingFavorites {
            let height = max(1, state.size.rows - AppState.chromeRows)
            let first = max(0, state.favoritesSelection - height + 1)
            for row in state.favorites.dropFirst(first).prefix(height * 2) { add(row, card) }
            return out
        }
        let shown = state.displayedList
        let rows: ArraySlice<RowModel>
        let screen: Int
        switch state.viewMode {
        case .table:
            screen = max(1, state.size.rows - AppState.chromeRows)
            rows = shown.rows.dropFirst(shown.scrollOffset)
        case .grid:
            let layout = state.gridLayout
            screen = layout.visibleItems
            let top = layout.topRow(selection: shown.selection, scrollOffset: shown.scrollOffset)
            rows = shown.rows.dropFirst(top * layout.columns)
        }
        // The visible screen, then the next one; the search window holds
        // only the visible matches.
        for row in rows.prefix(screen * 2) { add(row, card) }
        return out
    }

    static func detailRow(_ state: AppState, _ detail: DetailState) -> RowModel? {
        state.list.positions[detail.rowID].map { state.list.rows[$0] }
            ?? state.favorites.first { $0.id == detail.rowID }
    }
}
