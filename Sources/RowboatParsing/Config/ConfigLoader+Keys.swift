import Yams
import RowboatSpec

/// Reads the top-level `keys:` section: action name → one key or a list.
extension ConfigLoader {
    static func parseKeys(_ node: ConfigNode) throws(ConfigError) -> KeyBindingsConfig {
        var overrides: [KeyBindingsConfig.Override] = []
        for (name, value) in try node.namedEntries(allowed: KeyAction.allCases.map(\.rawValue), noun: "action",
                                                    known: knownActions) {
            let action = KeyAction(rawValue: name)!
            let nodes: [ConfigNode]
            if case .sequence = value.node { nodes = try value.sequence() } else { nodes = [value] }
            var keys: [Key] = []
            for n in nodes { keys.append(try parseKey(n)) }
            overrides.append(.init(action, keys, positions: nodes.map(\.position)))
        }
        // A key left bound to two actions is the app's to find
        // (`ConfigValidation` in RowboatCore), at the positions kept here.
        return KeyBindingsConfig(overrides)
    }

    /// The action names an unknown `name` is told of: an overlay's own
    /// (`columns.…`) for a name under its prefix, else the list's actions
    /// and the overlays' prefixes.
    static func knownActions(for name: String) -> [String] {
        let all = KeyAction.allCases.map(\.rawValue)
        if let dot = name.firstIndex(of: ".") {
            let own = all.filter { $0.hasPrefix(name[...dot]) }
            if !own.isEmpty { return own }
        }
        var prefixes: [String] = []
        for action in all where action.contains(".") {
            let prefix = String(action.prefix { $0 != "." }) + ".…"
            if !prefixes.contains(prefix) { prefixes.append(prefix) }
        }
        return all.filter { !$0.contains(".") } + prefixes
    }

    /// One key name: a single character or a named key.
    static func parseKey(_ node: ConfigNode) throws(ConfigError) -> Key {
        guard case .scalar(let scalar) = node.node else {
            throw node.error("expected a key name, found \(node.kind)")
        }
        // Key names are taken as written: no ${NAME} expansion ("$" is a key).
        let text = scalar.string
        guard !text.isEmpty else {
            throw node.error("expected a key or a list of keys ([] leaves the action without keys)")
        }
        if let key = KeyName.parse(text) { return key }
        if let hint = KeyName.suggestion(for: text) {
            throw node.error("unknown key name \"\(text)\"; did you mean \"\(hint)\"?")
        }
        // Every named key, from the one list (f1…f12 as a range).
        let names = KeyName.named.map(\.0).filter { !$0.hasPrefix("f") } + ["f1…f12"]
        throw node.error("unknown key name \"\(text)\" (a key is one character, or \(names.joined(separator: ", ")))")
    }
}

extension ConfigNode {
    /// A mapping's entries in file order, each key one of `allowed`; an
    /// unknown one fails at the name: `unknown <noun> "x"; did you mean "y"?`,
    /// else the names `known` lists for it (all of `allowed` unless given).
    func namedEntries(allowed: [String], noun: String,
                      known: ((String) -> [String])? = nil) throws(ConfigError) -> [(String, ConfigNode)] {
        guard case .mapping(let m) = node else { throw error("expected a mapping, found \(kind)") }
        var out: [(String, ConfigNode)] = []
        for (keyNode, value) in m {
            guard case .scalar(let k) = keyNode else { throw child(keyNode, key: "?").error("keys must be text") }
            let entry = child(value, key: k.string)
            guard allowed.contains(k.string) else {
                let at = ConfigNode(node: keyNode, path: entry.path, file: file, environment: environment)
                let hint = Suggestion.closest(to: k.string, in: allowed).map { "; did you mean \"\($0)\"?" }
                    ?? " (known: \((known?(k.string) ?? allowed).joined(separator: ", ")))"
                throw at.error("unknown \(noun) \"\(k.string)\"\(hint)")
            }
            out.append((k.string, entry))
        }
        return out
    }
}
