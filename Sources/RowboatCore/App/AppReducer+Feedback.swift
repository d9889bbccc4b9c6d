import RowboatSpec
import RowboatCells

/// Toasts, the action sheet, links, and clearing the cache behind a confirm
/// dialog.
extension AppReducer {
    /// Only these schemes are handed to a browser: a link from the data must
    /// not run a local program or open a local file.
    static let openableSchemes = ["http://", "https://"]

    static func toast(_ state: inout AppState, _ text: String, isError: Bool = false) {
        state.toast = Toast(text: text, isError: isError, expiresAt: state.clock + Toast.lifetime)
    }

    static func reduceFeedback(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
        switch action {
        case .clock(let now):
            state.clock = now
            if let toast = state.toast, toast.expiresAt <= now { state.toast = nil }
        case .notify(let text, let isError):
            toast(&state, text, isError: isError)
        case .copyLink where state.actionRows.marked:
            // With rows marked, the links of all of them, one a line.
            let links = state.actionRows.rows.compactMap(\.linkURL).filter { url in
                openableSchemes.contains { url.lowercased().hasPrefix($0) }
            }
            guard !links.isEmpty else {
                toast(&state, "no marked row has a link", isError: true)
                return []
            }
            let marked = state.list.marks.count
            let what = "\(links.count) link\(links.count == 1 ? "" : "s")"
                + (links.count < marked ? " (\(marked - links.count) of \(marked) marked rows have none)" : "")
            return [.copy(CopyRequest(links.joined(separator: "\n"), what: what))]
        case .openLink, .copyLink:
            guard let row = state.currentRow else { return [] }
            guard let url = row.linkURL else {
                toast(&state, "this item has no link", isError: true)
                return []
            }
            let lower = url.lowercased()
            guard openableSchemes.contains(where: { lower.hasPrefix($0) }) else {
                toast(&state, "not a web link: \(url.prefix(60))", isError: true)
                return []
            }
            if action == .openLink {
                toast(&state, "opening \(url)")
                return [.openURL(url)]
            }
            return [.copy(CopyRequest(url, what: "the link"))]
        case .sheet(let sheetAction):
            return reduceSheet(&state, sheetAction)
        case .askClearCache:
            return [.measureCache]
        case .cacheMeasured(let usage, let reason):
            guard let usage else {
                toast(&state, "no cache to clear: \(reason ?? "caching is off")", isError: true)
                return []
            }
            state.overlay = .dialog(ConfirmDialog(
                title: "Clear the cache?",
                lines: ["responses  \(ByteSize.human(usage.responseBytes)) in \(usage.responseCount) pages",
                        "images     \(ByteSize.human(usage.imageBytes)) in \(usage.imageCount) files",
                        "favorites are kept"],
                confirmLabel: "Clear", intent: .clearCache))
        case .cacheCleared(let freed):
            toast(&state, "cache cleared · \(ByteSize.human(freed)) freed")
        case .dialog(let dialogAction):
            guard let dialog = state.dialog else { return [] }
            switch dialogAction {
            case .toggleFocus:
                var toggled = dialog
                toggled.confirmFocused.toggle()
                state.overlay = .dialog(toggled)
            case .cancel:
                state.overlay = nil
            case .confirm:
                state.overlay = nil
                switch dialog.intent {
                case .clearCache: return [.clearCache]
                case .runAction(let plan): return startAction(&state, plan)
                case .quit: return reduce(&state, .quitNow)
                }
            case .choose:
                return reduceFeedback(&state, .dialog(dialog.confirmFocused ? .confirm : .cancel))
            }
        default:
            break
        }
        return []
    }

    /// Copies `field` of the selected row, or of every marked row (one a
    /// line): its value as the server wrote it where the row keeps that,
    /// a relative date as its ISO 8601 moment, else what the cell shows.
    static func copyField(_ state: inout AppState, _ field: String, title: String) -> [AppEffect] {
        let (rows, marked) = state.actionRows
        let values = rows.compactMap { row -> String? in
            if case .relativeDate(let t, _)? = row.fields[field] { return ISOTimestamp.string(t) }
            return ActionFields.value(of: row, field)
        }
        guard !values.isEmpty else {
            toast(&state, marked ? "no marked row has a \(title)" : "this item has no \(title)", isError: true)
            return []
        }
        let what = marked ? "\(title) of \(values.count) row\(values.count == 1 ? "" : "s")" : title
        return [.copy(CopyRequest(values.joined(separator: "\n"), what: what))]
    }

    static func isFailed(_ phase: ImagePhase?) -> Bool {
        if case .failed = phase { return true }
        return false
    }

    static func reduceSheet(_ state: inout AppState, _ action: SheetAction) -> [AppEffect] {
        switch action {
        case .open, .openCopy:
            guard let row = state.currentRow else { return [] }
            let inDetail = if case .detail? = state.screen { true } else { false }
            let items = ActionSheet.items(for: row, isFavorite: state.isFavorite(row.id),
                                          imageFailed: isFailed(state.imagePhase(of: row)),
                                          actions: state.currentActions, inDetail: inDetail,
                                          columns: state.showingFavorites ? [] : state.columns,
                                          copiesRequest: state.copiesRequests && !state.showingFavorites).filter { item in
                item.keyAction.map { !state.withheld.contains($0) } ?? true
            }
            let copying = action == .openCopy
                ? items.firstIndex { if case .copyField = $0 { true } else { false } } ?? items.firstIndex(of: .copyAsCurl)
                    ?? items.firstIndex(of: .copyLink) : nil
            state.overlay = .sheet(ActionSheet(rowID: row.id, title: row.title, items: items, cursor: copying ?? 0))
        case .move(let delta):
            guard var sheet = state.sheet else { return [] }
            sheet.cursor = min(max(0, sheet.cursor + delta), max(0, sheet.items.count - 1))
            state.overlay = .sheet(sheet)
        case .cancel:
            state.overlay = nil
        case .press(let action):
            guard var sheet = state.sheet, let line = sheet.items.firstIndex(where: { $0.keyAction == action })
            else { return [] }
            sheet.cursor = line
            state.overlay = .sheet(sheet)
            return reduceSheet(&state, .run)
        case .run:
            guard let sheet = state.sheet, sheet.items.indices.contains(sheet.cursor) else { return [] }
            state.overlay = nil
            switch sheet.items[sheet.cursor] {
            case .openLink: return reduce(&state, .openLink)
            case .copyLink: return reduce(&state, .copyLink)
            case .addFavorite, .removeFavorite: return reduce(&state, .toggleFavorite)
            case .openDetail: return reduce(&state, .openDetail)
            case .retryImage: return reduce(&state, .retryImage)
            case .copyField(let field, let title): return copyField(&state, field, title: title)
            case .copyAsCurl:
                return [.copyAsCurl(endpoint: state.endpointKey, params: state.tabs[state.currentTab].query.params)]
            case .action(let index, let title, _):
                return reduce(&state, .runAction(ActionRef(index: index, title: title)))
            }
        }
        return []
    }
}
