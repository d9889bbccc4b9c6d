import RowboatSpec

/// Where each `KeyAction` lives on the layers of a `KeyMap` (the list,
/// grid, detail and filter-panel tables, the "back" keys of the favorites
/// list and search results, each overlay's table); its default keys are
/// the keys the default map gives it there.
extension KeyAction {
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
        case .refresh: [.init(.list, .list(.refresh)), .init(.detail, .detail(.retry))]
        case .loadMore: [.init(.list, .list(.loadMore))]
        case .live: [.init(.list, .toggleLive)]
        case .watch: [.init(.list, .toggleWatch)]
        case .openDetail: [.init(.list, .openDetail)]
        case .openRelated: [.init(.detail, .openRelated)]
        case .back: [.init(.detail, .back), .init(.back, .back), .init(.filterPanel, .back)]
        case .mark: [.init(.list, .mark(.toggle))]
        case .markAll: [.init(.list, .mark(.toggleAll))]
        case .favorite: [.init(.list, .toggleFavorite), .init(.detail, .toggleFavorite)]
        case .favoritesList: [.init(.list, .toggleFavoritesList)]
        case .openLink: [.init(.list, .openLink), .init(.detail, .openLink)]
        case .copyLink: [.init(.list, .copyLink), .init(.detail, .copyLink)]
        case .copyValue: [.init(.list, .sheet(.openCopy)), .init(.detail, .sheet(.openCopy))]
        case .actions: [.init(.list, .sheet(.open)), .init(.detail, .sheet(.open))]
        case .clearCache: [.init(.list, .askClearCache)]
        case .cancelActions: [.init(.list, .cancelActions), .init(.detail, .cancelActions)]
        case .actionOutput: [.init(.list, .showActionOutput), .init(.detail, .showActionOutput)]
        case .retryImage: [.init(.list, .retryImage)]
        case .toggleView: [.init(.list, .toggleView)]
        case .nextTab: [.init(.list, .nextTab)]
        case .previousTab: [.init(.list, .previousTab)]
        case .tab1, .tab2, .tab3, .tab4, .tab5, .tab6, .tab7, .tab8, .tab9:
            [.init(.list, .selectTab(Int(rawValue.dropFirst(3))! - 1))]
        // The key that opens the panel also closes it.
        case .filters: [.init(.list, .filters(.open)), .init(.filterPanel, .filters(.cancel))]
        case .columns: [.init(.list, .columns(.open))]
        case .views: [.init(.list, .views(.open))]
        case .nextView: [.init(.list, .views(.cycle(1)))]
        case .previousView: [.init(.list, .views(.cycle(-1)))]
        case .unfilter: [.init(.list, .columns(.unfilter(all: false)))]
        case .search: [.init(.list, .search(.begin))]
        case .nextMatch: [.init(.matches, .search(.nextMatch))]
        case .previousMatch: [.init(.matches, .search(.previousMatch))]
        case .choose: [.init(.filterPanel, .filters(.choose))]
        case .apply: [.init(.filterPanel, .filters(.apply))]
        case .reset: [.init(.filterPanel, .filters(.reset))]
        case .help: [.init(.list, .toggleHelp), .init(.detail, .toggleHelp), .init(.filterPanel, .toggleHelp),
                     .init(.columnsPanel, .toggleHelp), .init(.viewsPanel, .toggleHelp)]
        case .redraw: [.init(.list, .redraw), .init(.detail, .redraw), .init(.filterPanel, .redraw)]
        case .quit: [.init(.list, .quit), .init(.detail, .quit), .init(.filterPanel, .quit), .init(.sheet, .quit),
                     .init(.pager, .quit), .init(.dialog, .quit), .init(.columnsPanel, .quit), .init(.viewsPanel, .quit)]
        default: overlaySlots
        }
    }

    /// The action's default keys on `layer` of `map`, in help order.
    public func keys(on layer: KeyLayer, of map: KeyMap = .default) -> [Key] {
        let table = map.table(layer)
        var keys: [Key] = []
        // Read in place: a hint asks this for every key it names, every frame.
        for slot in slots where slot.layer == layer {
            for (key, action) in table where action == slot.action { keys.append(key) }
        }
        return keys.count < 2 ? keys : KeyName.sorted(keys)
    }
}
