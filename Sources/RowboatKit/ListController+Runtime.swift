import Foundation
import RowboatCore
import RowboatSpec
import RowboatCells

/// How a controller becomes a `ListRuntime`, the one composition root:
/// the list of its closures, or of its `source` (a config's endpoints),
/// with the controller's knobs on top — one path for both.
extension ListController {
    /// Everything a run needs, checked: the list of the closures or of the
    /// `source`, with the controller's knobs on top. `rowboat` starts
    /// through here too (a controller over its config).
    func makeRuntime(size: TerminalSize, forRun: Bool = false) throws -> ListRuntime {
        if source != nil { try checkSourceAlone() } else if reload == nil {
            throw ListControllerError("no reload action: call onReload or performWhenReload first")
        }
        var withheld = features.withheld
        // Saved views (`V`) step aside for a program's own action on their key: its keys win.
        let claimed = Set(actions.compactMap(\.key))
        if KeyAction.views.keys(on: .list).contains(where: { claimed.contains(KeyName.name($0)) }) { withheld.insert(.views) }
        var keys = self.keys
        for action in withheld { keys[action.rawValue] = [] }
        let start = source?.start(size: size)
        let keyMap = try makeKeyMap(keys, over: start?.keys)
        let specs = try actions.enumerated().map { try $1.spec(index: $0) }
        // A program's action key may not take a key bound, nor one of the source's own actions'.
        var taken: [Key: String] = [:]
        for spec in start?.state.endpoints.values.flatMap(\.actions) ?? [] {
            if let key = spec.key { taken[key] = spec.title }
        }
        for spec in specs {
            guard let key = spec.key else { continue }
            if let problem = ConfigValidation.keyProblem(key, of: spec.title, in: keyMap, taken: taken, rebind: "with keys") {
                throw ListControllerError("action \"\(spec.title)\": \(problem)")
            }
            taken[key] = spec.title
        }
        var state: AppState
        if let start {
            state = start.state
            // The program's actions on every endpoint, after the source's own.
            for key in state.endpoints.keys { state.endpoints[key]?.actions += specs }
            state.withheld = withheld
            if images == nil, start.offersImages { state.turnImagesOff() }
        } else {
            state = closureState(size: size, actions: specs, withheld: withheld)
        }
        state.collation = LocaleCollation.fromEnvironment(ProcessInfo.processInfo.environment)
        let directory = stateDirectory ?? StateDirectory.path(ProcessInfo.processInfo.environment)
        // Column layouts and saved views kept under the program's name (else the source's), the
        // console's runs beside them for a source's actions.
        let identity = columnsKey.map { "kit:" + $0 } ?? start?.keptIdentity
        let kept = KeptStores(columns: identity.map { ColumnStore(identity: $0, directory: directory) },
                              views: identity.map { ViewStore(identity: $0, directory: directory) },
                              actions: start.map { _ in ActionHistoryStore(directory: directory) })
        let keptProblem = kept.load(into: &state)
        state.list.notice = keptProblem
        let favorites: (any ListStore)?
        if let source, favoritesPlace == .automatic {
            favorites = source.favorites
        } else {
            let file = favoritesPlace.path(environment: ProcessInfo.processInfo.environment, forRun: forRun)
                .map(FavoritesFile.init(path:))
            if let problem = file?.favoritesProblem {
                state.list.notice = "favorites not kept: \(problem)"
            }
            favorites = file
        }
        let actions = self.actions
        let modeller = RowModeller(appliesTo: actions.map(\.appliesTo))
        let endpoint = source?.endpointKey ?? title
        let provider: any PageProvider
        var close: @Sendable () async -> Void = {}
        if let source {
            // Opened last: nothing above may fail once it is.
            (provider, close) = source.open()
        } else if let reload {
            provider = ClosurePageProvider(reload: reload, loadMore: loadMore, live: live?.body, search: search,
                                           clock: { Date().timeIntervalSince1970 }, modeller: modeller, detail: detail)
        } else {
            throw ListControllerError("no reload action: call onReload or performWhenReload first")
        }
        let watch = SelectionWatch(select: onSelect, open: onOpen)
        let favoritesWatch = FavoritesWatch(endpoint: endpoint, changed: onFavoritesChange)
        let remote = self.remote
        let hooks = ProgramHooks(endpoint: endpoint, modeller: modeller, marked: marked, favorites: self.favorites,
                                 post: { remote.post($0) })
        var runtime = ListRuntime(state: state, keyMap: keyMap, theme: themed(over: start?.theme), mouse: mouse,
                                  provider: provider, favorites: favorites, images: images, kept: kept)
        runtime.imageMode = start?.imageMode
        if let start { runtime.notices = start.notices }
        runtime.finish = close
        runtime.observe = { watch.look(at: $0); favoritesWatch.look(at: $0); hooks.look(at: $0) }
        runtime.customAction = { index, rows in
            guard actions.indices.contains(index) else { return CustomActionOutcome(failure: "no such action") }
            return await actions[index].outcome(rows.map(ListRow.init(model:)), modeller: modeller)
        }
        runtime.attach = { (post: ListRuntime.Post?) in
            if let post { remote.attach(endpoint: endpoint, modeller: modeller, post: post) } else { remote.detach() }
        }
        return runtime
    }

    /// The state of a list of closures: one endpoint named `title`, its
    /// columns, actions and presentation as the controller says.
    private func closureState(size: TerminalSize, actions specs: [ActionSpec], withheld: Set<KeyAction>) -> AppState {
        var fields: [FieldInfo] = []
        for column in columns + moreColumns where !fields.contains(where: { $0.name == column.field }) {
            fields.append(FieldInfo(name: column.field, column: column.spec))
        }
        var info = EndpointInfo(title: title, paging: ClosurePageProvider.paging, actions: specs, fields: fields)
        info.loadsDetail = detail != nil
        var state = AppState(endpointKey: title, columns: columns.map(\.spec), paging: info.paging, size: size)
        state.tab.title = title
        state.viewMode = presentation == .grid ? .grid : .table
        state.showsImageBadges = showsImageBadges
        if images == nil { state.turnImagesOff() }
        state.withheld = withheld
        state.cardFields = cardFields
        state.endpoints[title] = info
        if let live {
            state.list.live = LiveRefresh(every: live.every)
            state.list.live?.wholeList = liveIsSnapshot
        }
        if search != nil { state.tab.query = QueryState(options: QueryOptions(searchParam: ClosurePageProvider.searchParam)) }
        return state
    }

    /// A list over a source takes its pages, detail, search and favorites
    /// from it: the closures' hooks for them, and `appliesTo` (which is
    /// asked as the closures' rows arrive), are mistakes there.
    private func checkSourceAlone() throws {
        let given = [("onReload", reload != nil), ("onLoadMore", loadMore != nil), ("onLiveRefresh", live != nil),
                     ("onSearch", search != nil), ("onDetail", detail != nil), ("onFavorites", favorites != nil)]
            .filter(\.1).map(\.0)
        if !given.isEmpty {
            throw ListControllerError("\(given.joined(separator: ", ")): a list over a config takes its pages, detail, "
                                      + "search and favorites from the config")
        }
        if let action = actions.first(where: { $0.appliesTo != nil }) {
            throw ListControllerError("action \"\(action.title)\": appliesTo is asked of a list's own rows; "
                                      + "a list over a config has none")
        }
    }

    /// The key map: the source's bindings (if any), the controller's
    /// `keys` replacing the actions they name.
    private func makeKeyMap(_ keys: [String: [String]], over base: KeyBindingsConfig?) throws -> KeyMap {
        let own = try Self.bindings(keys)
        guard let base, let source else { return try KeyBindings.keyMap(own) }
        let named = Set(own.overrides.map(\.action))
        do {
            return try KeyBindings.keyMap(KeyBindingsConfig(base.overrides.filter { !named.contains($0.action) } + own.overrides))
        } catch {
            throw source.keysProblem(error)
        }
    }

    /// The theme chosen, with the program's style roles: a source's
    /// colours (`base`) while `theme` is the one they name, else `theme`'s own.
    func themed(over base: ThemeSettings? = nil) -> Theme {
        let settings = base.flatMap { $0.name == ThemeName(theme) ? $0 : nil } ?? ThemeSettings(name: ThemeName(theme))
        var chosen = Theme(settings: settings)
        for (name, role) in styles { chosen.tones[name] = role.tone }
        return chosen
    }

    /// The `keys` dictionary as a config section, every name checked.
    static func bindings(_ keys: [String: [String]]) throws -> KeyBindingsConfig {
        let names = KeyAction.allCases.map(\.rawValue)
        return KeyBindingsConfig(try keys.keys.sorted().map { name in
            guard let action = KeyAction(rawValue: name) else {
                throw ListControllerError("keys: unknown action \"\(name)\"\(Suggestion.hint(for: name, in: names))")
            }
            return .init(action, try keys[name]!.map { text in
                guard let key = KeyName.parse(text) else { throw ListControllerError("keys.\(name): unknown key \"\(text)\"") }
                return key
            })
        })
    }
}
