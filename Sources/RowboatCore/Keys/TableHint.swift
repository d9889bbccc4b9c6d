import RowboatSpec

/// A footer line of an overlay whose keys are a fixed table (the columns
/// panel's, the pager's): each entry names the keys the table gives its
/// actions, so the line says what the keys do and never repeats them.
public struct TableHint: Sendable {
    /// Actions shown together and the words after their keys.
    public struct Entry: Sendable {
        public var actions: [AppAction]
        public var words: String

        public init(_ actions: [AppAction], _ words: String) {
            self.actions = actions
            self.words = words
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// Each entry as "keys words" for `table`, in order; an entry whose
    /// actions have no key there is left out. One key per action: the
    /// first in help order (named keys before characters, arrows and
    /// `space` as help writes them); single characters run together
    /// (`←→ move`, `+- width`), longer names take a `/`.
    public func parts(in table: [Key: AppAction]) -> [String] {
        entries.compactMap { entry in
            let names = entry.actions.compactMap { action in
                KeyName.sorted(table.filter { $0.value == action }.map(\.key)).first.map { KeyName.name($0, as: .hint) }
            }
            guard !names.isEmpty else { return nil }
            let keys = names.allSatisfy { $0.count == 1 } ? names.joined() : names.joined(separator: "/")
            return keys + " " + entry.words
        }
    }

    /// The parts for `layer`'s table in `keyMap` (an overlay's own keys).
    public func parts(in keyMap: KeyMap, on layer: KeyLayer) -> [String] {
        parts(in: keyMap.table(layer))
    }
}
