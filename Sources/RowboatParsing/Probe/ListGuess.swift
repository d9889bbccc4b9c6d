import RowboatSpec
/// Where a probed response keeps its list: the largest array of objects,
/// an object of objects (a keyed list), arrays of objects spread over the
/// elements of another array (`data.sections[*].items`), or rows as arrays
/// beside a list of their column names (`{"columns": […], "rows": [[…]]}`).
///
/// Guessed on simdjson's tape (`JSONTapeNode`), so a large response costs
/// its tape, not a tree of it: only the sample items become `JSONValue`s.
public struct ListGuess: Sendable, Equatable {
    public var path: JSONPath
    public var keyed: Bool
    /// How many items the list holds in the probed response.
    public var count: Int
    /// The items (the first ones), and their keys when keyed.
    public var sample: [JSONValue]
    public var keys: [String]
    /// Where the column names are when the items are arrays of cells
    /// (`{"columns": [...], "rows": [[...]]}`); the sample is then the
    /// rows made objects of those names.
    public var columnNames: JSONPath?
    /// The items are plain values (strings or numbers: a list of names or
    /// tags), mapped with `item: value`; chosen only when no list of
    /// objects is there.
    public var scalars = false

    /// How many items are looked at to guess fields.
    public static let sampleSize = 25
    /// How deep the search for a list goes.
    static let maxDepth = 6
    /// How many values of a keyed list have their keys compared.
    static let shapeSample = 1_000

    /// The best list in `root`.
    public static func best(in root: JSONTapeNode) -> ListGuess? {
        var found: [ListGuess] = []
        collect(root, at: [], depth: 0, into: &found)
        // Plain values are the list only at the root or in a small envelope
        // (`{"repositories": [...]}`), not an object's own tags.
        found.removeAll { $0.scalars && ($0.path.steps.count > 1 || ($0.path.steps.count == 1 && root.count > 5)) }
        // Objects over plain values; the most items wins; then an array over a keyed object; then the shallower.
        return found.max { a, b in
            if a.scalars != b.scalars { return a.scalars }
            if a.count != b.count { return a.count < b.count }
            if a.keyed != b.keyed { return a.keyed }
            return a.path.steps.count > b.path.steps.count
        }
    }

    static func collect(_ node: JSONTapeNode, at steps: [JSONPath.Step], depth: Int, into found: inout [ListGuess]) {
        guard depth <= maxDepth else { return }
        if node.isArray {
            let count = node.count
            var objects = 0
            node.forEachElement { if $0.isObject { objects += 1 } }
            if objects > 0, objects * 2 >= count {
                found.append(ListGuess(path: JSONPath(steps: steps), keyed: false, count: count,
                                       sample: first(sampleSize, of: node), keys: []))
                nested(in: node, at: steps, into: &found)
            } else if count > 0, isPlainValues(node) {
                var list = ListGuess(path: JSONPath(steps: steps), keyed: false, count: count,
                                     sample: first(sampleSize, of: node), keys: [])
                list.scalars = true
                found.append(list)
            }
            // Look inside the first element only: siblings share a shape.
            if let first = node.element(0) { collect(first, at: steps + [.index(0)], depth: depth + 1, into: &found) }
        } else if node.isObject {
            if let keyed = keyedList(node, at: steps) { found.append(keyed) }
            if let rows = namedRows(node, at: steps) { found.append(rows) }
            _ = node.forEachOrderedMember { key, child in
                collect(child, at: steps + [.key(key)], depth: depth + 1, into: &found)
                return true
            }
        }
    }

    /// True when every element is a string or a number.
    static func isPlainValues(_ array: JSONTapeNode) -> Bool {
        var plain = true
        array.forEachElement { element in
            switch element.scalar {
            case .string?, .int?, .numberText?, .double?: break
            default: plain = false
            }
        }
        return plain
    }

    /// The first `n` elements of an array as trees.
    static func first(_ n: Int, of array: JSONTapeNode) -> [JSONValue] {
        var out: [JSONValue] = []
        var at = 0
        while out.count < n, let element = array.element(at) {
            out.append(element.tree)
            at += 1
        }
        return out
    }

    /// Arrays of objects under the same key in several elements of an
    /// array: one list with `[*]`.
    static func nested(in array: JSONTapeNode, at steps: [JSONPath.Step], into found: inout [ListGuess]) {
        var counts: [String: (lists: Int, items: Int, objects: Bool, sample: [JSONValue])] = [:]
        var order: [String] = []
        array.forEachElement { element in
            _ = element.forEachOrderedMember { key, child in
                guard child.isArray else { return true }
                var objects = 0
                child.forEachElement { if $0.isObject { objects += 1 } }
                let size = child.count
                guard objects > 0 || size == 0 else { return true }
                if counts[key] == nil { order.append(key) }
                var entry = counts[key] ?? (0, 0, false, [])
                entry.lists += 1
                entry.items += size
                entry.objects = entry.objects || objects > 0
                if entry.sample.count < sampleSize { entry.sample += first(sampleSize - entry.sample.count, of: child) }
                counts[key] = entry
                return true
            }
        }
        for key in order {
            let entry = counts[key]!
            guard entry.lists >= 2, entry.objects else { continue }
            found.append(ListGuess(path: JSONPath(steps: steps + [.wildcard, .key(key)]), keyed: false,
                                   count: entry.items, sample: entry.sample, keys: []))
        }
    }

    /// A member of `object` that is an array of arrays, beside a member that
    /// is an array of as many strings as the first row has cells: rows
    /// named by a column list.
    static func namedRows(_ object: JSONTapeNode, at steps: [JSONPath.Step]) -> ListGuess? {
        var arrays: [(String, JSONTapeNode)] = []
        _ = object.forEachOrderedMember { key, value in
            if value.isArray { arrays.append((key, value)) }
            return arrays.count < 64
        }
        for (rowsKey, rows) in arrays {
            guard let first = rows.element(0), first.isArray, first.count >= 2 else { continue }
            var arraysOnly = true
            rows.forEachElement { if !$0.isArray { arraysOnly = false } }
            guard arraysOnly else { continue }
            for (namesKey, names) in arrays where namesKey != rowsKey && names.count == first.count {
                var texts: [String] = []
                names.forEachElement { if case .string(let s)? = $0.scalar { texts.append(s) } }
                guard texts.count == first.count, Set(texts).count == texts.count else { continue }
                var sample: [JSONValue] = []
                var at = 0
                while sample.count < sampleSize, let row = rows.element(at) {
                    if case .array(let cells) = row.tree {
                        sample.append(.object(Dictionary(zip(texts, cells)) { a, _ in a }))
                    }
                    at += 1
                }
                return ListGuess(path: JSONPath(steps: steps + [.key(rowsKey)]), keyed: false, count: rows.count,
                                 sample: sample, keys: [], columnNames: JSONPath(steps: steps + [.key(namesKey)]))
            }
        }
        return nil
    }

    /// An object whose values are two or more objects of a similar shape
    /// (the keys of the first `shapeSample` compared).
    static func keyedList(_ object: JSONTapeNode, at steps: [JSONPath.Step]) -> ListGuess? {
        let count = object.count
        guard count >= 2 else { return nil }
        var allObjects = true
        var keySets: [Set<String>] = []
        var keys: [String] = []
        var sample: [JSONValue] = []
        _ = object.forEachOrderedMember { key, value in
            guard value.isObject else { allObjects = false; return false }
            if keySets.count < shapeSample { keySets.append(Set(value.memberKeys ?? [])) }
            if keys.count < sampleSize {
                keys.append(key)
                sample.append(value.tree)
            }
            return true
        }
        guard allObjects else { return nil }
        let all = keySets.reduce(Set<String>()) { $0.union($1) }
        let common = keySets.reduce(all) { $0.intersection($1) }
        guard !all.isEmpty, common.count * 2 >= all.count else { return nil }
        return ListGuess(path: JSONPath(steps: steps), keyed: true, count: count, sample: sample, keys: keys)
    }
}

extension JSONValue {
    var isObjectValue: Bool {
        if case .object = self { return true }
        return false
    }
}
