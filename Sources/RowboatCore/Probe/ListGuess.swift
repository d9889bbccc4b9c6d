/// Where a probed response keeps its list: the largest array of objects,
/// an object of objects (a keyed list), or arrays of objects spread over
/// the elements of another array (`data.sections[*].items`).
public struct ListGuess: Sendable, Equatable {
    public var path: JSONPath
    public var keyed: Bool
    /// How many items the list holds in the probed response.
    public var count: Int
    /// The items (the first ones), and their keys when keyed.
    public var sample: [JSONValue]
    public var keys: [String]

    /// How many items are looked at to guess fields.
    public static let sampleSize = 25
    /// How deep the search for a list goes.
    static let maxDepth = 6

    /// The best list in `root`; `bytes` gives keyed lists their order.
    public static func best(in root: JSONValue, bytes: [UInt8]?) -> ListGuess? {
        var found: [ListGuess] = []
        collect(root, at: [], depth: 0, bytes: bytes, into: &found)
        // The most items wins; then an array over a keyed object; then the shallower.
        return found.max { a, b in
            if a.count != b.count { return a.count < b.count }
            if a.keyed != b.keyed { return a.keyed }
            return a.path.steps.count > b.path.steps.count
        }
    }

    static func collect(_ value: JSONValue, at steps: [JSONPath.Step], depth: Int, bytes: [UInt8]?,
                        into found: inout [ListGuess]) {
        guard depth <= maxDepth else { return }
        switch value {
        case .array(let elements):
            let objects = elements.filter(\.isObjectValue)
            if !objects.isEmpty, objects.count * 2 >= elements.count {
                found.append(ListGuess(path: JSONPath(steps: steps), keyed: false, count: elements.count,
                                       sample: Array(elements.prefix(sampleSize)), keys: []))
                nested(in: elements, at: steps, into: &found)
            }
            // Look inside the first element only: siblings share a shape.
            if let first = elements.first { collect(first, at: steps + [.index(0)], depth: depth + 1, bytes: bytes, into: &found) }
        case .object(let object):
            if let keyed = keyedList(object, at: steps, bytes: bytes) { found.append(keyed) }
            for (key, child) in object { collect(child, at: steps + [.key(key)], depth: depth + 1, bytes: bytes, into: &found) }
        default:
            break
        }
    }

    /// Arrays of objects under the same key in several elements of an
    /// array: one list with `[*]`.
    static func nested(in elements: [JSONValue], at steps: [JSONPath.Step], into found: inout [ListGuess]) {
        var counts: [String: (lists: Int, items: [JSONValue])] = [:]
        for case .object(let object) in elements {
            for (key, child) in object {
                guard case .array(let inner) = child, inner.contains(where: \.isObjectValue) || inner.isEmpty else { continue }
                var entry = counts[key] ?? (0, [])
                entry.lists += 1
                entry.items += inner
                counts[key] = entry
            }
        }
        for (key, entry) in counts where entry.lists >= 2 && entry.items.contains(where: \.isObjectValue) {
            found.append(ListGuess(path: JSONPath(steps: steps + [.wildcard, .key(key)]), keyed: false,
                                   count: entry.items.count, sample: Array(entry.items.prefix(sampleSize)), keys: []))
        }
    }

    /// An object whose values are two or more objects of a similar shape.
    static func keyedList(_ object: [String: JSONValue], at steps: [JSONPath.Step], bytes: [UInt8]?) -> ListGuess? {
        guard object.count >= 2 else { return nil }
        var keySets: [Set<String>] = []
        for value in object.values {
            guard case .object(let o) = value else { return nil }
            keySets.append(Set(o.keys))
        }
        let all = keySets.reduce(Set<String>()) { $0.union($1) }
        let common = keySets.reduce(all) { $0.intersection($1) }
        guard !all.isEmpty, common.count * 2 >= all.count else { return nil }
        let order = bytes.flatMap { JSONKeyOrder.keys(at: steps, in: $0) }?.filter { object[$0] != nil }
            ?? object.keys.sorted()
        let keys = Array(order.prefix(sampleSize))
        return ListGuess(path: JSONPath(steps: steps), keyed: true, count: object.count,
                         sample: keys.map { object[$0]! }, keys: keys)
    }
}

extension JSONValue {
    var isObjectValue: Bool {
        if case .object = self { return true }
        return false
    }
}
