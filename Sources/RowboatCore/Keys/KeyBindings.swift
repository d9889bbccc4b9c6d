import RowboatSpec

/// Builds the key map a `keys:` section asks for, in three steps: take the
/// configured actions' default keys away, give them their configured keys
/// (a key another action holds on that layer is a conflict), then look for
/// a new key that another layer of the same screen binds differently.
public enum KeyBindings {
    /// `base` with each configured action's default keys replaced by the
    /// configured ones, on every layer where the action lives. Bindings
    /// of actions not named are kept as they are.
    public static func keyMap(_ config: KeyBindingsConfig, base: KeyMap = .default) throws(KeyConflict) -> KeyMap {
        let (map, conflicts) = apply(config, to: base)
        if let first = conflicts.first { throw first }
        return map
    }

    /// The built map and every conflict, one per configured key at most,
    /// in file order.
    public static func apply(_ config: KeyBindingsConfig, to base: KeyMap) -> (KeyMap, [KeyConflict]) {
        var build = Build(config: config, base: base)
        build.removeDefaults()
        var conflicts = build.assignConfigured()
        conflicts += build.crossLayerConflicts()
        var seen: Set<[Int]> = []
        conflicts = conflicts.sorted { ($0.overrideIndex, $0.keyIndex) < ($1.overrideIndex, $1.keyIndex) }
            .filter { seen.insert([$0.overrideIndex, $0.keyIndex]).inserted }
        var map = base
        for layer in KeyLayer.allCases { map.setTable(layer, build.tables[layer, default: [:]]) }
        return (map, conflicts)
    }

    /// The key-config name of what `action` does on `layer`, else its help text.
    static func name(of action: AppAction, on layer: KeyLayer, key: Key) -> String {
        let candidates = KeyAction.allCases.filter { a in
            a.slots.contains { $0.layer == layer && $0.action == action }
        }
        if let named = candidates.first { return named.rawValue }
        return "\"\(KeyHelp.describe(action))\""
    }

    /// The tables being built, and who put each configured key where.
    struct Build {
        /// A configured key's place in the config: (override index, key index).
        typealias Origin = (override: Int, key: Int)

        let config: KeyBindingsConfig
        let base: KeyMap
        var tables: [KeyLayer: [Key: AppAction]]
        /// Which configured binding put a key on a layer.
        var owner: [KeyLayer: [Key: Origin]] = [:]
        /// Configured bindings the default map does not have.
        var introduced: [KeyLayer: Set<Key>] = [:]

        init(config: KeyBindingsConfig, base: KeyMap) {
            self.config = config
            self.base = base
            tables = Dictionary(uniqueKeysWithValues: KeyLayer.allCases.map { ($0, base.table($0)) })
        }

        /// 1. Takes away the default keys of every configured action.
        mutating func removeDefaults() {
            for override in config.overrides {
                for slot in override.action.slots {
                    for key in override.action.keys(on: slot.layer, of: base)
                    where tables[slot.layer, default: [:]][key] == slot.action {
                        tables[slot.layer, default: [:]][key] = nil
                    }
                }
            }
        }

        /// 2. Gives them their configured keys; a key still bound to another
        /// action on the same layer is a conflict.
        mutating func assignConfigured() -> [KeyConflict] {
            var conflicts: [KeyConflict] = []
            for (i, override) in config.overrides.enumerated() {
                for slot in override.action.slots {
                    for (j, key) in override.keys.enumerated() {
                        if let existing = tables[slot.layer, default: [:]][key] {
                            if existing != slot.action {
                                conflicts.append(KeyConflict(
                                    key: key, action: override.action.rawValue,
                                    other: named(existing, on: slot.layer, key: key),
                                    screen: KeyScreen(naming: slot.layer).name, overrideIndex: i, keyIndex: j))
                            }
                            continue
                        }
                        tables[slot.layer, default: [:]][key] = slot.action
                        owner[slot.layer, default: [:]][key] = (i, j)
                        if base.table(slot.layer)[key] != slot.action { introduced[slot.layer, default: []].insert(key) }
                    }
                }
            }
            return conflicts
        }

        /// 3. A new binding on one layer of a screen that another layer of
        /// it binds differently (grid keys over list keys, say).
        func crossLayerConflicts() -> [KeyConflict] {
            var conflicts: [KeyConflict] = []
            for screen in KeyScreen.allCases {
                // Only a key configured anew on one of the screen's layers can
                // be `mine` below: the default map's own keys are not looked at.
                var keys: Set<Key> = []
                for layer in screen.layers { keys.formUnion(introduced[layer] ?? []) }
                for key in KeyName.sorted(Array(keys)) {
                    let bound = screen.layers.compactMap { layer in
                        tables[layer, default: [:]][key].map { (layer: layer, action: $0) }
                    }
                    // The latest configured binding of the key that is new on its layer.
                    let mine = bound.compactMap { b -> (layer: KeyLayer, action: AppAction, origin: Origin)? in
                        guard introduced[b.layer]?.contains(key) == true, let origin = owner[b.layer]?[key] else { return nil }
                        return (b.layer, b.action, origin)
                    }.max { ($0.origin.override, $0.origin.key) < ($1.origin.override, $1.origin.key) }
                    guard let mine else { continue }
                    let mineName = named(mine.action, on: mine.layer, key: key)
                    guard let other = bound.first(where: { named($0.action, on: $0.layer, key: key) != mineName }) else {
                        continue
                    }
                    conflicts.append(KeyConflict(key: key, action: mineName, other: named(other.action, on: other.layer, key: key),
                                                 screen: screen.name, overrideIndex: mine.origin.override,
                                                 keyIndex: mine.origin.key))
                }
            }
            return conflicts
        }

        /// What a binding is called: the configured action that put it
        /// there, else the default map's name for it.
        func named(_ action: AppAction, on layer: KeyLayer, key: Key) -> String {
            owner[layer]?[key].map { config.overrides[$0.override].action.rawValue } ?? name(of: action, on: layer, key: key)
        }
    }
}
