import Testing
@testable import RowboatCore
@testable import RowboatSpec
import RowboatCells

@Suite("Toasts, links, the action sheet and the clear-cache dialog")
struct FeedbackReducerTests {
    static let now: Double = 1_800_000_000

    func app(link: String? = "https://example.com/items/1") -> AppState {
        var state = AppState(endpointKey: "items", columns: [], paging: Fixtures.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...30).map { RowModel(id: String($0), title: "Item \($0)", linkURL: $0 == 1 ? link : nil) }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 5, fetchedAt: Self.now))))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        return state
    }

    @Test func toastsExpireByTheClock() {
        var state = app()
        _ = AppReducer.reduce(&state, .notify("saved", isError: false))
        #expect(state.toast == Toast(text: "saved", isError: false, expiresAt: Self.now + Toast.lifetime))
        _ = AppReducer.reduce(&state, .clock(Self.now + Toast.lifetime - 0.1))
        #expect(state.toast != nil)
        _ = AppReducer.reduce(&state, .clock(Self.now + Toast.lifetime))
        #expect(state.toast == nil)
    }

    @Test func aNewerToastReplacesTheOlder() {
        var state = app()
        _ = AppReducer.reduce(&state, .notify("one", isError: false))
        _ = AppReducer.reduce(&state, .clock(Self.now + 1))
        _ = AppReducer.reduce(&state, .notify("two", isError: true))
        #expect(state.toast == Toast(text: "two", isError: true, expiresAt: Self.now + 1 + Toast.lifetime))
    }

    @Test func favoriteTogglesSayWhatHappened() {
        var state = app()
        _ = AppReducer.reduce(&state, .toggleFavorite)
        #expect(state.toast?.text == "★ added to favorites")
        _ = AppReducer.reduce(&state, .toggleFavorite)
        #expect(state.toast?.text == "removed from favorites")
    }

    /// A favorite the store could not keep: an error toast, and the list is
    /// read back so the stars show what is really stored.
    @Test func aFailedFavoriteWriteSaysSoAndReadsTheStoreBack() {
        var state = app()
        #expect(AppReducer.reduce(&state, .toggleFavorite) == [.saveFavorite(endpoint: "items", state.list.rows[0])])
        #expect(state.isFavorite("1"))
        let effects = AppReducer.reduce(&state, .favoriteWriteFailed(endpoint: "items", "cache: no such table: favorite"))
        #expect(effects == [.loadFavorites(endpoint: "items")])
        #expect(state.toast == Toast(text: "favorites not saved: cache: no such table: favorite", isError: true,
                                     expiresAt: Self.now + Toast.lifetime))
        _ = AppReducer.reduce(&state, .favoritesLoaded(endpoint: "items", []))
        #expect(!state.isFavorite("1"))
        #expect(state.favoritesSelection == 0)
    }

    @Test func openLinkAsksForTheURLAndSaysSo() {
        var state = app()
        #expect(AppReducer.reduce(&state, .openLink) == [.openURL("https://example.com/items/1")])
        #expect(state.toast?.text == "opening https://example.com/items/1")
        #expect(AppReducer.reduce(&state, .copyLink) == [.copy(CopyRequest("https://example.com/items/1", what: "the link"))])
    }

    @Test func noLinkIsAnErrorToastAndNoEffect() {
        var state = app()
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        #expect(AppReducer.reduce(&state, .openLink) == [])
        #expect(state.toast == Toast(text: "this item has no link", isError: true, expiresAt: Self.now + Toast.lifetime))
    }

    @Test func onlyWebLinksAreOpenedOrCopied() {
        for link in ["file:///etc/passwd", "javascript:alert(1)", "ssh://host", "/relative"] {
            var state = app(link: link)
            #expect(AppReducer.reduce(&state, .openLink) == [])
            #expect(state.toast?.isError == true)
            #expect(state.toast?.text.hasPrefix("not a web link") == true)
            #expect(AppReducer.reduce(&state, .copyLink) == [])
        }
        var upper = app(link: "HTTPS://EXAMPLE.COM/")
        #expect(AppReducer.reduce(&upper, .openLink) == [.openURL("HTTPS://EXAMPLE.COM/")])
    }

    @Test func sheetListsWhatAppliesToTheItem() {
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet == ActionSheet(rowID: "1", title: "Item 1",
                                           items: [.openLink, .copyLink, .addFavorite, .openDetail]))
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        _ = AppReducer.reduce(&state, .toggleFavorite)
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet?.items == [.addFavorite, .openDetail])
        _ = AppReducer.reduce(&state, .list(.move(.up)))
        _ = AppReducer.reduce(&state, .sheet(.cancel))
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(state.sheet?.items == [.openLink, .copyLink, .removeFavorite, .openDetail])
    }

    @Test func sheetCursorStopsAtTheEndsAndRunDoesTheItemAndCloses() {
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        _ = AppReducer.reduce(&state, .sheet(.move(-1)))
        #expect(state.sheet?.cursor == 0)
        _ = AppReducer.reduce(&state, .sheet(.move(9)))
        #expect(state.sheet?.cursor == 3)
        #expect(AppReducer.reduce(&state, .sheet(.run)) == [])
        #expect(state.sheet == nil)
        #expect(state.detail?.rowID == "1")

        var other = app()
        _ = AppReducer.reduce(&other, .sheet(.open))
        _ = AppReducer.reduce(&other, .sheet(.move(2)))
        #expect(AppReducer.reduce(&other, .sheet(.run)) == [.saveFavorite(endpoint: "items", other.list.rows[0])])
        #expect(other.isFavorite("1"))
        _ = AppReducer.reduce(&other, .sheet(.open))
        #expect(AppReducer.reduce(&other, .sheet(.run)) == [.openURL("https://example.com/items/1")])
    }

    @Test func sheetKeysAreItsOwn() {
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        let keys = KeyMap.default
        #expect(keys.action(for: .character("j"), in: state) == .sheet(.move(1)))
        #expect(keys.action(for: .up, in: state) == .sheet(.move(-1)))
        #expect(keys.action(for: .enter, in: state) == .sheet(.run))
        #expect(keys.action(for: .escape, in: state) == .sheet(.cancel))
        #expect(keys.action(for: .character("r"), in: state) == nil)
    }

    /// The letters the sheet shows beside its lines do those lines there.
    @Test func theSheetsShortcutsWorkInsideIt() {
        let keys = KeyMap.default
        var state = app()
        _ = AppReducer.reduce(&state, .sheet(.open))
        #expect(keys.action(for: .character("o"), in: state) == .sheet(.press(.openLink)))
        #expect(keys.action(for: .character("y"), in: state) == .sheet(.press(.copyLink)))
        #expect(keys.action(for: .character("*"), in: state) == .sheet(.press(.favorite)))
        #expect(keys.action(for: .character("s"), in: state) == .sheet(.press(.favorite)))
        #expect(keys.action(for: .character("R"), in: state) == .sheet(.press(.retryImage)))
        // Every shortcut the sheet shows has its key.
        for item in state.sheet?.items ?? [] {
            guard let action = item.keyAction, let key = action.keys(on: .list, of: keys).first else { continue }
            #expect(keys.action(for: key, in: state) == .sheet(.press(action)))
        }
        // Rebound, the sheet follows: the new key does the line, the old one nothing.
        let rebound = try! KeyBindings.keyMap(KeyBindingsConfig([.init(.openLink, [.character("W")])]))
        #expect(rebound.action(for: .character("W"), in: state) == .sheet(.press(.openLink)))
        #expect(rebound.action(for: .character("o"), in: state) == nil)

        let before = state
        #expect(AppReducer.reduce(&state, .sheet(.press(.openLink))) == [.openURL("https://example.com/items/1")])
        var expected = before
        expected.overlay = nil
        expected.toast = Toast(text: "opening https://example.com/items/1", isError: false, expiresAt: Self.now + Toast.lifetime)
        #expect(state == expected)

        state = before
        #expect(AppReducer.reduce(&state, .sheet(.press(.copyLink))) == [.copy(CopyRequest("https://example.com/items/1", what: "the link"))])
        expected = before
        expected.overlay = nil
        #expect(state == expected)

        state = before
        #expect(AppReducer.reduce(&state, .sheet(.press(.favorite))) == [.saveFavorite(endpoint: "items", before.list.rows[0])])
        expected = before
        expected.overlay = nil
        expected.favoritesByEndpoint["items"] = [before.list.rows[0]]
        expected.toast = Toast(text: "★ added to favorites", isError: false, expiresAt: Self.now + Toast.lifetime)
        #expect(state == expected)

        // A shortcut whose line this item lacks (no failed image) does nothing.
        state = before
        #expect(AppReducer.reduce(&state, .sheet(.press(.retryImage))) == [])
        #expect(state == before)
    }

    @Test func clearCacheMeasuresFirstThenAsks() {
        var state = app()
        #expect(AppReducer.reduce(&state, .askClearCache) == [.measureCache])
        #expect(state.dialog == nil)
        let usage = CacheUsage(responseBytes: 25_500, responseCount: 3, imageBytes: 3_500_000, imageCount: 120)
        #expect(AppReducer.reduce(&state, .cacheMeasured(usage, reason: nil)) == [])
        #expect(state.dialog == ConfirmDialog(
            title: "Clear the cache?",
            lines: ["responses  24.9 KB in 3 pages", "images     3.3 MB in 120 files", "favorites are kept"],
            confirmLabel: "Clear", intent: .clearCache, confirmFocused: false))
    }

    @Test func noCacheIsAnErrorToastNotADialog() {
        var state = app()
        _ = AppReducer.reduce(&state, .cacheMeasured(nil, reason: "cache directory is read-only"))
        #expect(state.dialog == nil)
        #expect(state.toast?.text == "no cache to clear: cache directory is read-only")
        #expect(state.toast?.isError == true)
    }

    @Test func dialogEnterCancelsUnlessTheConfirmButtonHasTheFocus() {
        var state = app()
        let usage = CacheUsage(responseBytes: 1, responseCount: 1, imageBytes: 0, imageCount: 0)
        _ = AppReducer.reduce(&state, .cacheMeasured(usage, reason: nil))
        #expect(AppReducer.reduce(&state, .dialog(.choose)) == [])
        #expect(state.dialog == nil)

        _ = AppReducer.reduce(&state, .cacheMeasured(usage, reason: nil))
        _ = AppReducer.reduce(&state, .dialog(.toggleFocus))
        #expect(state.dialog?.confirmFocused == true)
        #expect(AppReducer.reduce(&state, .dialog(.choose)) == [.clearCache])
        #expect(state.dialog == nil)

        _ = AppReducer.reduce(&state, .cacheMeasured(usage, reason: nil))
        #expect(AppReducer.reduce(&state, .dialog(.confirm)) == [.clearCache])
        _ = AppReducer.reduce(&state, .cacheMeasured(usage, reason: nil))
        #expect(AppReducer.reduce(&state, .dialog(.cancel)) == [])
        #expect(state.dialog == nil)
    }

    @Test func dialogKeysComeFirstAndClearedSaysHowMuch() {
        var state = app()
        _ = AppReducer.reduce(&state, .cacheMeasured(CacheUsage(responseBytes: 1, responseCount: 1, imageBytes: 0,
                                                                imageCount: 0), reason: nil))
        let keys = KeyMap.default
        #expect(keys.action(for: .character("y"), in: state) == .dialog(.confirm))
        #expect(keys.action(for: .character("n"), in: state) == .dialog(.cancel))
        #expect(keys.action(for: .escape, in: state) == .dialog(.cancel))
        #expect(keys.action(for: .tab, in: state) == .dialog(.toggleFocus))
        #expect(keys.action(for: .enter, in: state) == .dialog(.choose))
        #expect(keys.action(for: .character("j"), in: state) == nil)
        _ = AppReducer.reduce(&state, .cacheCleared(freedBytes: 2_621_440))
        #expect(state.toast?.text == "cache cleared · 2.5 MB freed")
    }

    @Test func listKeysForTheNewActions() {
        let state = app()
        let keys = KeyMap.default
        #expect(keys.action(for: .character("o"), in: state) == .openLink)
        #expect(keys.action(for: .character("y"), in: state) == .copyLink)
        #expect(keys.action(for: .character("a"), in: state) == .sheet(.open))
        #expect(keys.action(for: .character("C"), in: state) == .askClearCache)
    }
}

/// Copying a column's value (`Y`: the action sheet on its "Copy …" lines):
/// the selected row's, or every marked row's one a line; a relative date as
/// its moment; the toast says what was copied.
@Suite("Copying values")
struct CopyValueReducerTests {
    static let now: Double = 1_800_000_000

    func app() -> AppState {
        let columns = [ColumnSpec(field: "title", title: "Title", width: .weight(3, min: 10)),
                       ColumnSpec(field: "price", title: "Price", width: .fixed(9), alignment: .right),
                       ColumnSpec(field: "created", title: "Listed", width: .fixed(10))]
        var state = AppState(endpointKey: "items", columns: columns, paging: Fixtures.paging,
                             size: TerminalSize(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.appeared))
        let rows = (1...5).map { i in
            RowModel(id: String(i), title: "Item \(i)", linkURL: "https://example.com/\(i)",
                     fields: RowFields(names: ["title", "price", "created"],
                                       values: [.text("Item \(i)"), .text("€\(i).50"), .relativeDate(Self.now - 3600)]),
                     fieldOrder: ["title", "price", "created"])
        }
        _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: 1, PageLoad(rows: rows, totalPages: 1, fetchedAt: Self.now))))
        _ = AppReducer.reduce(&state, .clock(Self.now))
        return state
    }

    @Test func yOpensTheSheetOnItsCopyLinesAndCopiesTheValue() {
        var state = app()
        #expect(KeyMap.default.action(for: .character("Y"), in: state) == .sheet(.openCopy))
        _ = AppReducer.reduce(&state, .sheet(.openCopy))
        let sheet = try! #require(state.sheet)
        // On the first column's line (the copy lines are the sheet's last).
        #expect(sheet.items[sheet.cursor...].prefix(3) == [.copyField("title", title: "Title"), .copyField("price", title: "Price"),
                                                           .copyField("created", title: "Listed")])
        _ = AppReducer.reduce(&state, .sheet(.move(1)))
        #expect(AppReducer.reduce(&state, .sheet(.run)) == [.copy(CopyRequest("€1.50", what: "Price"))])
        // A relative date is copied as its moment, not "1 h ago".
        _ = AppReducer.reduce(&state, .sheet(.openCopy))
        _ = AppReducer.reduce(&state, .sheet(.move(2)))
        #expect(AppReducer.reduce(&state, .sheet(.run)) == [.copy(CopyRequest(ISOTimestamp.string(Self.now - 3600)!, what: "Listed"))])
    }

    @Test func withRowsMarkedEveryMarkedRowsValueOneALine() {
        var state = app()
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .sheet(.openCopy))
        _ = AppReducer.reduce(&state, .sheet(.move(1)))
        #expect(AppReducer.reduce(&state, .sheet(.run)) == [.copy(CopyRequest("€1.50\n€2.50", what: "Price of 2 rows"))])
    }
}
