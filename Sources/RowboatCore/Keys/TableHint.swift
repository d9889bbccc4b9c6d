import RowboatSpec

/// A footer line of an overlay (the columns panel's, the pager's, the
/// sheet's): each entry is the names of bindings on one key layer with the
/// words of what they do there (bubbles' `key.Binding` with its help), so
/// the line names the keys the map in force gives them, rebound or not, and
/// never repeats them.
public struct TableHint: Sendable {
    /// Bindings shown together and the words after their keys.
    public struct Entry: Sendable {
        public var actions: [KeyAction]
        public var words: String

        public init(_ actions: [KeyAction], _ words: String) {
            self.actions = actions
            self.words = words
        }
    }

    /// The layer whose keys it names.
    public var layer: KeyLayer
    public var entries: [Entry]

    public init(on layer: KeyLayer, _ entries: [Entry]) {
        self.layer = layer
        self.entries = entries
    }

    /// Each entry as "keys words" for `keyMap`, in order; an entry whose
    /// bindings have no key there is left out. One key per binding: the
    /// first in help order (named keys before characters, arrows and
    /// `space` as help writes them); single characters run together
    /// (`←→ move`, `+- width`), longer names take a `/`.
    public func parts(in keyMap: KeyMap) -> [String] {
        entries.compactMap { entry in
            let names = entry.actions.compactMap { action in
                action.keys(on: layer, of: keyMap).first.map { KeyName.name($0, as: .hint) }
            }
            guard !names.isEmpty else { return nil }
            let keys = names.allSatisfy { $0.count == 1 } ? names.joined() : names.joined(separator: "/")
            return keys + " " + entry.words
        }
    }
}
