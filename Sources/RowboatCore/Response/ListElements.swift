/// One element of a page's list, before mapping: its value, its key when the
/// list is a keyed object, and where it sits (for error messages).
public struct ListElement: Sendable, Equatable {
    public var value: JSONValue
    /// The object key of the element in a keyed-object list.
    public var key: String?
    /// Where the element sits, as path text (`data.sections[1].items[3]`).
    public var label: String
}

/// Finds the elements of a page's list at the response's list path: one
/// array, every array a `[*]` path leads to (flattened in order), or, for a
/// keyed list, the values of an object in the order the server wrote them.
public enum ListElements {
    /// `bytes` is the JSON text `root` came from (for key order); nil when
    /// there is none (NDJSON: no objects to order at the list).
    public static func find(in root: JSONValue, bytes: ArraySlice<UInt8>?,
                            shape: ResponseShape) throws(DataError) -> [ListElement] {
        let path = shape.listPath
        let named = path.description.isEmpty ? "(root)" : path.description
        if path.hasWildcard {
            // The part before the first [*] must be there; sections without
            // the rest of the path hold no items.
            guard path.prefixBeforeWildcard.lookup(in: root) != nil else {
                throw .mappingMismatch(path: named, found: "nothing")
            }
        }
        let matches = path.matches(in: root)
        if !path.hasWildcard, matches.isEmpty { throw .mappingMismatch(path: named, found: "nothing") }
        var out: [ListElement] = []
        for match in matches {
            // Without [*] the path is named as written, as it always was.
            let at = path.hasWildcard ? JSONPath.text(of: match.steps) : path.description
            let label = at.isEmpty ? "(root)" : at
            switch match.value {
            case .array(let elements):
                for (i, element) in elements.enumerated() {
                    out.append(ListElement(value: element, key: nil, label: "\(at)[\(i)]"))
                }
            case .null:
                break
            case .object(let object) where shape.keyed:
                let order = bytes.flatMap { JSONKeyOrder.keys(at: match.steps, in: Array($0)) } ?? []
                var listed = Set<String>()
                var keys: [String] = []
                for key in order where object[key] != nil && listed.insert(key).inserted { keys.append(key) }
                keys += object.keys.filter { !listed.contains($0) }.sorted()
                for key in keys {
                    out.append(ListElement(value: object[key]!, key: key,
                                           label: JSONPath.text(of: match.steps + [.key(key)])))
                }
            default:
                throw .mappingMismatch(path: label, found: ItemMapper.describe(match.value))
            }
        }
        return out
    }
}
