import RowboatSpec

/// What the config loader cannot check alone, since it needs the app's key
/// map: a key left bound to two actions by `keys:`, and an action's key
/// that the key map (after `keys:`) or another action of the same endpoint
/// already uses. Each is one line at the spot the loader kept.
public enum ConfigValidation {
    /// Throws the first such mistake of `config`.
    public static func check(_ config: RowboatConfig) throws(ConfigError) {
        let (map, conflicts) = KeyBindings.apply(config.keys, to: .default)
        if let conflict = conflicts.first {
            let override = config.keys.overrides[conflict.overrideIndex]
            let at = override.positions.indices.contains(conflict.keyIndex) ? override.positions[conflict.keyIndex] : nil
            throw (at ?? ConfigPosition(file: config.source, line: nil, column: nil, keyPath: "keys")).error(conflict.description)
        }
        for endpoint in config.endpoints {
            var taken: [Key: String] = [:]
            for action in config.actions(of: endpoint) {
                guard let key = action.key else { continue }
                let at = action.keyPosition ?? ConfigPosition(file: config.source, line: nil, column: nil, keyPath: "actions")
                if let problem = keyProblem(key, of: action.title, in: map, taken: taken, rebind: "under keys:") {
                    throw at.error(problem)
                }
                taken[key] = action.title
            }
        }
    }

    /// Why action `title` cannot have `key` (nil: it can): another action
    /// (`taken`: key → title) or the key map's list or detail screen uses
    /// it. `rebind` says where keys are rebound (`under keys:`).
    public static func keyProblem(_ key: Key, of title: String, in map: KeyMap, taken: [Key: String],
                                  rebind: String) -> String? {
        let name = KeyName.name(key)
        if let other = taken[key] {
            return "key \"\(name)\" is bound to both actions \"\(other)\" and \"\(title)\"; give one of them another key"
        }
        for layer in [KeyLayer.list, .detail] {
            guard let bound = map.table(layer)[key] else { continue }
            let free = freeKey(near: key, in: map, taken: taken).map { "; \"\($0)\" is free" } ?? ""
            return "key \"\(name)\" already does \(KeyBindings.name(of: bound, on: layer, key: key)) "
                + "on the \(KeyScreen(naming: layer).name) screen\(free) (or rebind it \(rebind))"
        }
        return nil
    }

    /// A key like `key` (its other case, then a letter) that no binding
    /// and no action uses, to suggest.
    static func freeKey(near key: Key, in map: KeyMap, taken: [Key: String]) -> String? {
        guard case .character(let c) = key else { return nil }
        let candidates = [Character(c.uppercased()), Character(c.lowercased())]
            + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".map { $0 }
        return candidates.map(Key.character).first { k in
            k != key && map.listBindings[k] == nil && map.detailBindings[k] == nil && taken[k] == nil
        }.map { KeyName.name($0) }
    }
}
