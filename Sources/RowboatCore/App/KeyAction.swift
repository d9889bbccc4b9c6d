/// The bindable actions of the `keys:` config section, by their stable
/// names. Each action lives on one or more layers of a `KeyMap` (the list,
/// grid, detail and filter-panel tables, and the "back" keys of the
/// favorites list and search results); its default keys are the keys the
/// default map gives it there.
public enum KeyAction: String, Sendable, CaseIterable {
    case moveDown, moveUp, moveLeft, moveRight
    case pageDown, pageUp, first, last
    case refresh, loadMore
    case openDetail, openRelated, back
    case favorite, favoritesList
    case openLink, copyLink, actions, clearCache, retryImage
    case toggleView
    case nextTab, previousTab
    case tab1, tab2, tab3, tab4, tab5, tab6, tab7, tab8, tab9
    case filters, search
    case choose, apply, reset
    case help, quit

    /// Where the action is bound, and as what.
    public var slots: [KeySlot] {
        switch self {
        case .moveDown: [.init(.list, .list(.move(.down))), .init(.grid, .gridMove(.down)),
                         .init(.detail, .scrollDetail(1)), .init(.filterPanel, .filters(.move(1)))]
        case .moveUp: [.init(.list, .list(.move(.up))), .init(.grid, .gridMove(.up)),
                       .init(.detail, .scrollDetail(-1)), .init(.filterPanel, .filters(.move(-1)))]
        case .moveLeft: [.init(.grid, .gridMove(.left)), .init(.detail, .stripMove(-1))]
        case .moveRight: [.init(.grid, .gridMove(.right)), .init(.detail, .stripMove(1))]
        case .pageDown: [.init(.list, .list(.move(.pageDown))), .init(.grid, .gridMove(.pageDown)),
                         .init(.detail, .scrollDetail(10)), .init(.filterPanel, .filters(.move(10)))]
        case .pageUp: [.init(.list, .list(.move(.pageUp))), .init(.grid, .gridMove(.pageUp)),
                       .init(.detail, .scrollDetail(-10)), .init(.filterPanel, .filters(.move(-10)))]
        case .first: [.init(.list, .list(.move(.home))), .init(.filterPanel, .filters(.move(-FilterPanelAction.farthest)))]
        case .last: [.init(.list, .list(.move(.end))), .init(.filterPanel, .filters(.move(FilterPanelAction.farthest)))]
        case .refresh: [.init(.list, .list(.refresh))]
        case .loadMore: [.init(.list, .list(.loadMore))]
        case .openDetail: [.init(.list, .openDetail)]
        case .openRelated: [.init(.detail, .openRelated)]
        case .back: [.init(.detail, .closeDetail), .init(.back, KeySlot.backAction),
                     .init(.filterPanel, .filters(.cancel), only: [.escape, .backspace])]
        case .favorite: [.init(.list, .toggleFavorite), .init(.detail, .toggleFavorite)]
        case .favoritesList: [.init(.list, .toggleFavoritesList)]
        case .openLink: [.init(.list, .openLink), .init(.detail, .openLink)]
        case .copyLink: [.init(.list, .copyLink), .init(.detail, .copyLink)]
        case .actions: [.init(.list, .sheet(.open)), .init(.detail, .sheet(.open))]
        case .clearCache: [.init(.list, .askClearCache)]
        case .retryImage: [.init(.list, .retryImage)]
        case .toggleView: [.init(.list, .toggleView)]
        case .nextTab: [.init(.list, .nextTab)]
        case .previousTab: [.init(.list, .previousTab)]
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .tab9:
            [.init(.list, .selectTab(Int(rawValue.dropFirst(3))! - 1))]
        // The key that opens the panel also closes it.
        case .filters: [.init(.list, .filters(.open)), .init(.filterPanel, .filters(.cancel), only: [.character("f")])]
        case .search: [.init(.list, .search(.begin))]
        case .choose: [.init(.filterPanel, .filters(.choose))]
        case .apply: [.init(.filterPanel, .filters(.apply))]
        case .reset: [.init(.filterPanel, .filters(.reset))]
        case .help: [.init(.list, .toggleHelp), .init(.detail, .toggleHelp), .init(.filterPanel, .toggleHelp)]
        case .quit: [.init(.list, .quit), .init(.detail, .quit), .init(.filterPanel, .quit)]
        }
    }

    /// The action's default keys on `layer` of `map`, in help order.
    public func keys(on layer: KeyLayer, of map: KeyMap = .default) -> [Key] {
        let table = map.table(layer)
        let keys = slots.filter { $0.layer == layer }.flatMap { slot in
            table.filter { $0.value == slot.action && (slot.only?.contains($0.key) ?? true) }.map(\.key)
        }
        return KeyName.sorted(keys)
    }
}

/// One table of a `KeyMap`. `back` is the Esc/Backspace overlay of the
/// favorites list and of search results.
public enum KeyLayer: String, Sendable, CaseIterable {
    case list, grid, detail, filterPanel, back
}

/// Where a `KeyAction` is bound: a layer and the `AppAction` its keys
/// produce there; `only` narrows which of the layer's keys for that
/// `AppAction` belong to this name (the filter panel's close key is both
/// `back` and `filters`).
public struct KeySlot: Sendable {
    public var layer: KeyLayer
    public var action: AppAction
    public var only: [Key]?

    init(_ layer: KeyLayer, _ action: AppAction, only: [Key]? = nil) {
        self.layer = layer
        self.action = action
        self.only = only
    }

    /// Stands for whatever "back" does on the screen the overlay is on.
    static let backAction = AppAction.closeDetail
}
