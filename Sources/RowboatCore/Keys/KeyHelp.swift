import RowboatSpec

/// The help overlay's lines, generated from a key map so they never drift
/// from what the keys really do.
public enum KeyHelp {
    /// One help line: the keys that do something, and what.
    public struct Entry: Sendable, Equatable {
        public var keys: String
        public var action: String

        public init(keys: String, action: String) {
            self.keys = keys
            self.action = action
        }
    }

    /// Entries for a bindings table, in the order of `HelpTopic`.
    public static func entries(_ bindings: [Key: AppAction]) -> [Entry] {
        var byText: [String: (topic: HelpTopic, keys: [Key])] = [:]
        for (key, action) in bindings {
            let text = describe(action)
            byText[text, default: (topic(action), [])].keys.append(key)
        }
        return byText.sorted { ($0.value.topic.rawValue, $0.key) < ($1.value.topic.rawValue, $1.key) }.map { text, entry in
            let keys = entry.keys.sorted { (sortRank($0), KeyName.name($0, as: .help)) < (sortRank($1), KeyName.name($1, as: .help)) }
            return Entry(keys: joined(keys.map { KeyName.name($0, as: .help) }), action: text)
        }
    }

    /// Key names joined by spaces, a run of three or more digits in a row
    /// as a range: `1 2 3 4` is `1–4`.
    static func joined(_ names: [String]) -> String {
        var out: [String] = []
        var run: [Int] = []
        func flush() {
            if run.count >= 3 { out.append("\(run.first!)–\(run.last!)") } else { out += run.map(String.init) }
            run = []
        }
        for name in names {
            if name.count == 1, let digit = Int(name), run.last.map({ $0 + 1 == digit }) ?? true {
                run.append(digit)
            } else {
                flush()
                if name.count == 1, let digit = Int(name) { run = [digit] } else { out.append(name) }
            }
        }
        flush()
        return out.joined(separator: " ")
    }

    /// The short form of a help line's words, for a box too narrow for
    /// the long one ("open link in browser" → "open link"); other text as is.
    public static func abbreviated(_ action: String) -> String {
        HelpTopic.allCases.first { $0.text == action }?.short ?? action
    }

    /// What an action does, in a few words.
    public static func describe(_ action: AppAction) -> String {
        switch action {
        case .list(.move(.to(let i))): "go to row \(i + 1)"
        case .runAction(let ref): ref.title
        default: topic(action).text
        }
    }

    /// The help line an action belongs to (every action has one, so the
    /// compiler checks the list is whole).
    static func topic(_ action: AppAction) -> HelpTopic {
        switch action {
        case .list(.move(.down)), .gridMove(.down): .moveDown
        case .list(.move(.up)), .gridMove(.up): .moveUp
        case .sheet(.move(let d)): abs(d) >= FilterPanelAction.farthest ? .firstLastOption : d < 0 ? .moveUp : .moveDown
        case .gridMove(.left): .moveLeft
        case .gridMove(.right): .moveRight
        case .list(.move(.pageDown)), .gridMove(.pageDown): .pageDown
        case .list(.move(.pageUp)), .gridMove(.pageUp): .pageUp
        case .list(.move(.home)): .firstRow
        case .list(.move(.end)): .lastRow
        case .list(.move(.to)): .goToRow
        case .list(.loadMore): .loadMore
        case .toggleLive: .live
        case .toggleWatch: .watch
        case .columns(.open): .columns
        case .columns(.move(let d)):
            abs(d) >= FilterPanelAction.farthest ? .firstLastOption : abs(d) > 1 ? .moveOptionByPage : .moveOption
        case .columns(.toggle): .showHideColumn
        case .columns(.shift(let d)): d < 0 ? .columnLeft : .columnRight
        case .columns(.resize(let d)): d > 0 ? .columnWider : .columnNarrower
        case .columns(.sort): .sortByColumn
        case .columns(.filter(.equals)): .filterEquals
        case .columns(.filter(.contains)): .filterContains
        case .columns(.filter(.less)): .filterLess
        case .columns(.filter(.greater)): .filterGreater
        case .columns(.unfilter(let all)): all ? .unfilterAll : .unfilter
        case .columns(.type(.begin)): .filterTyped
        case .columns(.type(.insert)): .typeText
        case .columns(.type(.deleteBackward)): .deleteCharacter
        case .columns(.type(.submit)): .filterTypedKeep
        case .columns(.type(.cancel)): .close
        case .columns(.restore): .restoreColumns
        case .columns(.addExpression): .addExpressionColumn
        case .columns(.close): .closePanel
        case .columnsNotSaved: .notAKey
        case .views(.open): .views
        case .views(.move(let d)): abs(d) >= FilterPanelAction.farthest ? .firstLastOption : d < 0 ? .moveUp : .moveDown
        case .views(.apply): .applyView
        case .views(.save): .saveView
        case .views(.delete): .deleteView
        case .views(.close): .closePanel
        case .views(.select), .views(.cycle): .viewTab
        case .views(.type(.insert)): .typeText
        case .views(.type(.deleteBackward)): .deleteCharacter
        case .views(.type(.submit)): .saveView
        case .views(.type(.cancel)): .close
        case .viewsNotSaved: .notAKey
        case .list(.refresh), .list(.retry), .detail(.retry): .refresh
        case .detail: .notAKey
        case .list, .answer, .favoritesLoaded, .setFavorite, .favoriteWriteFailed, .mouse, .image, .clock, .notify, .copyText, .setProgramStatus, .setMarkedNote,
             .cacheMeasured, .cacheCleared, .resized: .notAKey
        case .openDetail: .openDetail
        case .closeDetail, .back: .back
        case .stripMove(let d): d < 0 ? .relatedPrevious : .relatedNext
        case .openRelated: .openRelated
        case .selectTab: .showTab
        case .nextTab: .nextTab
        case .previousTab: .previousTab
        case .scrollDetail(let d): d > 1 ? .scrollPageDown : d < -1 ? .scrollPageUp : d > 0 ? .scrollDown : .scrollUp
        case .toggleHelp: .help
        case .helpPage: .notAKey
        case .redraw: .redraw
        case .runAction: .runAction
        case .cancelActions: .cancelActions
        case .showActionOutput: .actionOutput
        case .outputPager(.scroll(let d)): d > 1 ? .scrollPageDown : d < -1 ? .scrollPageUp : d > 0 ? .scrollDown : .scrollUp
        case .outputPager(.close): .close
        case .outputPager(.open): .openRun
        case .actionFinished, .actionProgress, .actionHistoryLoaded: .notAKey
        case .mark(.toggle): .mark
        case .mark(.toggleAll): .markAll
        case .toggleFavorite: .favorite
        case .toggleFavoritesList: .favoritesList
        case .toggleView: .toggleView
        case .filters(.open): .filters
        case .filters(.move(let d)):
            abs(d) >= FilterPanelAction.farthest ? .firstLastOption : abs(d) > 1 ? .moveOptionByPage : .moveOption
        case .filters(.choose): .chooseOption
        case .filters(.apply): .chooseAndApply
        case .filters(.reset): .resetFilters
        case .filters(.cancel): .closePanel
        case .search(.begin): .search
        case .search(.insert): .typeText
        case .search(.deleteBackward): .deleteCharacter
        case .search(.submit): .submitSearch
        case .search(.cancel), .search(.clearServer): .clearSearch
        case .search(.nextMatch): .nextMatch
        case .search(.previousMatch): .previousMatch
        case .search(.found), .search(.foundFirst): .notAKey
        case .openLink: .openLink
        case .copyLink: .copyLink
        case .sheet(.open): .actions
        case .sheet(.openCopy): .copyValue
        case .sheet(.run), .sheet(.press): .doIt
        case .sheet(.cancel): .close
        case .askClearCache: .clearCache
        case .dialog(.confirm): .yes
        case .dialog(.cancel): .no
        case .dialog(.toggleFocus): .switchButton
        case .dialog(.choose): .pressFocusedButton
        case .retryImage: .retryImage
        case .quit, .quitNow: .quit
        }
    }

    static func sortRank(_ key: Key) -> Int {
        if case .character = key { return 1 }
        return 0
    }
}

/// The lines of the help overlay, in the order it lists them, each with
/// its words.
enum HelpTopic: Int, CaseIterable {
    case moveDown, moveUp, moveLeft, moveRight, pageDown, pageUp, firstRow, lastRow, goToRow
    case openDetail, back, relatedPrevious, relatedNext, openRelated
    case nextTab, previousTab, showTab
    case scrollDown, scrollUp, scrollPageDown, scrollPageUp
    case loadMore, refresh, live, watch, mark, markAll, favorite, favoritesList, toggleView
    case filters, columns, search, showHideColumn, columnLeft, columnRight, columnWider, columnNarrower, sortByColumn,
         filterEquals, filterContains, filterLess, filterGreater, filterTyped,
         filterTypedKeep, unfilter, unfilterAll, restoreColumns, addExpressionColumn, moveOption, moveOptionByPage, firstLastOption, chooseOption, chooseAndApply, resetFilters,
         closePanel, submitSearch, clearSearch, nextMatch, previousMatch, typeText, deleteCharacter
    case views, applyView, saveView, deleteView, viewTab
    case openLink, copyLink, copyValue, actions, runAction, cancelActions, actionOutput, clearCache, retryImage
    case doIt, close, yes, no, switchButton, pressFocusedButton
    case openRun
    case help, redraw, quit
    /// Things that happen without a key (answers, the clock, the mouse).
    case notAKey

    var text: String {
        switch self {
        case .moveDown: "move down"
        case .moveUp: "move up"
        case .moveLeft: "move left"
        case .moveRight: "move right"
        case .pageDown: "page down"
        case .pageUp: "page up"
        case .firstRow: "first row"
        case .lastRow: "last row"
        case .goToRow: "go to a row"
        case .openDetail: "open detail"
        case .back: "back"
        case .relatedPrevious: "related: previous (or back)"
        case .relatedNext: "related: next"
        case .openRelated: "open the related item"
        case .nextTab: "next tab"
        case .previousTab: "previous tab"
        case .showTab: "show tab by number"
        case .scrollDown: "scroll down"
        case .scrollUp: "scroll up"
        case .scrollPageDown: "scroll page down"
        case .scrollPageUp: "scroll page up"
        case .loadMore: "load more"
        case .refresh: "refresh / retry"
        case .live: "pause / resume live refresh"
        case .watch: "watch the row: notify when it changes"
        case .mark: "mark / unmark the row"
        case .markAll: "mark all loaded / clear marks"
        case .favorite: "favorite on / off"
        case .favoritesList: "favorites list"
        case .toggleView: "table ↔ grid"
        case .filters: "filter and sort"
        case .columns: "columns and local sort"
        case .showHideColumn: "show / hide the column"
        case .columnLeft: "move the column left"
        case .columnRight: "move the column right"
        case .columnWider: "wider"
        case .columnNarrower: "narrower"
        case .sortByColumn: "sort by it: ↑ ↓ off"
        case .filterEquals: "keep rows = the selected row's value"
        case .filterContains: "keep rows containing its value"
        case .filterLess: "keep rows < its value"
        case .filterGreater: "keep rows > its value"
        case .filterTyped: "type a value to keep (= ~ < > first)"
        case .filterTypedKeep: "keep the rows that meet it"
        case .unfilter: "drop the last filter condition"
        case .unfilterAll: "drop every filter condition"
        case .restoreColumns: "the config's columns"
        case .addExpressionColumn: "add a column from a jq expression"
        case .search: "search"
        case .moveOption: "move option cursor"
        case .moveOptionByPage: "move option cursor by page"
        case .firstLastOption: "first / last option"
        case .chooseOption: "choose option"
        case .chooseAndApply: "choose and apply"
        case .resetFilters: "reset to defaults"
        case .closePanel: "close panel"
        case .submitSearch: "search on server / browse matches"
        case .clearSearch: "clear search"
        case .nextMatch: "next match"
        case .previousMatch: "previous match"
        case .typeText: "type text"
        case .deleteCharacter: "delete a character"
        case .views: "saved views"
        case .applyView: "apply the view"
        case .saveView: "save the list as a view"
        case .deleteView: "delete the saved view (twice)"
        case .viewTab: "next / previous view"
        case .openLink: "open link in browser"
        case .copyLink: "copy link"
        case .copyValue: "copy a column's value"
        case .actions: "actions on the item"
        case .runAction: "run an action"
        case .cancelActions: "stop running actions"
        case .actionOutput: "action console"
        case .clearCache: "clear the cache…"
        case .retryImage: "retry a failed image"
        case .doIt: "do it"
        case .openRun: "open the run's output"
        case .close: "close"
        case .yes: "yes"
        case .no: "no"
        case .switchButton: "switch button"
        case .pressFocusedButton: "press the focused button"
        case .help: "help"
        case .redraw: "redraw the screen"
        case .quit: "quit"
        case .notAKey: "not a key"
        }
    }

    /// The words in fewer columns, where they can lose some.
    var short: String {
        switch self {
        case .relatedPrevious: "related: prev"
        case .relatedNext: "related: next"
        case .openRelated: "open related"
        case .showTab: "show tab"
        case .scrollPageDown: "page down"
        case .scrollPageUp: "page up"
        case .refresh: "refresh"
        case .live: "live on / off"
        case .watch: "watch row"
        case .columns: "columns"
        case .showHideColumn: "show / hide"
        case .columnLeft: "move left"
        case .columnRight: "move right"
        case .sortByColumn: "sort"
        case .filterEquals: "keep ="
        case .filterContains: "keep ~"
        case .filterLess: "keep <"
        case .filterGreater: "keep >"
        case .filterTyped: "type a value"
        case .filterTypedKeep: "keep"
        case .unfilter: "filter: last off"
        case .unfilterAll: "filter: all off"
        case .restoreColumns: "restore"
        case .addExpressionColumn: "jq column"
        case .mark: "mark"
        case .markAll: "mark all / clear"
        case .favorite: "favorite"
        case .favoritesList: "favorites"
        case .filters: "filters"
        case .moveOption: "move"
        case .moveOptionByPage: "move by page"
        case .firstLastOption: "first / last"
        case .chooseOption: "choose"
        case .chooseAndApply: "apply"
        case .resetFilters: "reset"
        case .submitSearch: "search / browse"
        case .deleteCharacter: "delete"
        case .saveView: "save as…"
        case .deleteView: "delete"
        case .applyView: "apply"
        case .openLink: "open link"
        case .copyValue: "copy value"
        case .actions: "actions"
        case .cancelActions: "stop actions"
        case .actionOutput: "console"
        case .clearCache: "clear cache…"
        case .retryImage: "retry image"
        case .switchButton: "switch"
        case .pressFocusedButton: "press button"
        default: text
        }
    }
}
