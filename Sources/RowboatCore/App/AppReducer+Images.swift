import RowboatSpec
import RowboatCells

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

    /// The thumbnails to ask for now, in priority order: what is on screen
    /// (the detail's picture and strip, or the visible rows or cards), then
    /// the next screen's. For the tab's own list, the memo's when its basis
    /// still holds (`WantedImagesMemo`), else worked out and kept.
    static func wantedImages(keepingIn state: inout AppState) -> [ImageRequest] {
        if state.isTooSmall || state.imagesOff || state.detail != nil { return wantedImages(state) }
        let layout = ScreenLayout.of(state)
        guard let window = layout.items(in: state) else { return [] }
        guard state.search == nil, !state.showingFavorites else { return wantedImages(state, layout: layout) }
        let end = min(window.count, window.first + window.perScreen * 2)
        let basis = WantedImagesMemo.Basis(tab: state.currentTab, stamp: state.list.rows.stamp,
                                           count: state.list.rows.count,
                                           positions: window.first..<max(window.first, end),
                                           cardWidth: layout.grid.cardWidth)
        if let memo = state.wantedImagesMemo.value, memo.basis == basis { return memo.wanted }
        let wanted = wantedImages(state, layout: layout)
        state.wantedImagesMemo.value = WantedImagesMemo(basis: basis, wanted: wanted)
        return wanted
    }

    /// The thumbnails to ask for now, worked out from the state.
    static func wantedImages(_ state: AppState) -> [ImageRequest] {
        if state.isTooSmall || state.imagesOff { return [] }
        return wantedImages(state, layout: ScreenLayout.of(state))
    }

    /// The same, with the state's layout already made.
    static func wantedImages(_ state: AppState, layout: ScreenLayout) -> [ImageRequest] {
        var out: [ImageRequest] = []
        var seen = Set<ImageRequest>(minimumCapacity: 128)
        func add(_ url: String?, _ columns: Int, _ rows: Int) {
            guard let url else { return }
            let request = ImageRequest(url: url, columns: columns, rows: rows)
            if seen.insert(request).inserted { out.append(request) }
        }
        if let detail = state.detail {
            let geometry = layout.detail(detail)
            add(detail.row.imageURL, geometry.picture.columns, geometry.picture.rows)
            if let strip = detail.strip, let shape = geometry.strip {
                let rows = strip.list.rows
                for index in shape.first..<min(rows.count, shape.first + shape.perScreen * 2) {
                    add(rows.imageURL(at: index), shape.cardWidth, GridLayout.thumbnailRows)
                }
            }
            return out
        }
        guard let window = layout.items(in: state) else { return out }
        let card = layout.grid.cardWidth
        // The visible screen, then the next one.
        let end = min(window.count, window.first + window.perScreen * 2)
        guard window.first < end else { return out }
        state.forEachShownImageURL(in: window.first..<end) { add($0, card, GridLayout.thumbnailRows) }
        return out
    }
}
