/// One element of a page's list, before mapping: its value, its key when the
/// list is a keyed object, and where it sits (for error messages).
public struct ListElement<Node: JSONNode> {
    public var value: Node
    /// The object key of the element in a keyed-object list.
    public var key: String?
    /// The list's place as path text (`data.sections[1].items`), without
    /// the element's own step.
    @usableFromInline var at: String
    /// The element's index in its array (nil in a keyed list).
    @usableFromInline var position: Int?
    /// A keyed list's path, its label made from it and the key only when
    /// an error names the element (a million keyed items make none).
    @usableFromInline var keyedIn: JSONPath?

    // The initializers are inlinable: a million elements made in another
    // module (a streamed body's lanes) are then made for their own node
    // type, not through the type's metadata looked up at each one.
    @inlinable
    public init(value: Node, key: String?, label: String) {
        self.value = value
        self.key = key
        self.at = label
        self.position = nil
    }

    /// An element of the keyed list at `list`, under `key`.
    @inlinable
    package init(value: Node, key: String, in list: JSONPath) {
        self.value = value
        self.key = key
        self.at = ""
        self.position = nil
        self.keyedIn = list
    }

    @inlinable
    package init(value: Node, at: String, position: Int) {
        self.value = value
        self.key = nil
        self.at = at
        self.position = position
    }

    /// Where the element sits, as path text (`data.sections[1].items[3]`);
    /// built only when an error names it.
    public var label: String {
        if let keyedIn, let key { return JSONPath.text(of: keyedIn.steps + [.key(key)]) }
        return position.map { "\(at)[\($0)]" } ?? at
    }
}

extension ListElement: Equatable where Node: Equatable {}
extension ListElement: Sendable where Node: Sendable {}

/// Finds the elements of a page's list at the response's list path: one
/// array, every array a `[*]` path leads to (flattened in order), or, for a
/// keyed list, the values of an object in the order the server wrote them.
public enum ListElements {
    /// The elements in order (`forEach`, kept in an array).
    public static func find<Node: JSONNode>(in root: Node, shape: ResponseShape) throws(DataError) -> [ListElement<Node>] {
        var out: [ListElement<Node>] = []
        try forEach(in: root, shape: shape) { out.append($0) }
        return out
    }

    /// Calls `body` with each element in order (no array of them is built).
    public static func forEach<Node: JSONNode>(in root: Node, shape: ResponseShape,
                                               _ body: (ListElement<Node>) throws(DataError) -> Void) throws(DataError) {
        let path = shape.listPath
        let named = path.description.isEmpty ? "(root)" : path.description
        if path.hasWildcard {
            // The part before the first [*] must be there; sections without
            // the rest of the path hold no items.
            guard path.prefixBeforeWildcard.find(in: root) != nil else {
                throw .mappingMismatch(path: named, found: "nothing")
            }
        }
        let matches = path.matches(in: root)
        if !path.hasWildcard, matches.isEmpty { throw .mappingMismatch(path: named, found: "nothing") }
        for match in matches {
            // Without [*] the path is named as written, as it always was.
            let at = path.hasWildcard ? JSONPath.text(of: match.steps) : path.description
            let label = at.isEmpty ? "(root)" : at
            if let elements = match.value.elements {
                for (i, element) in elements.enumerated() {
                    try body(ListElement(value: element, at: at, position: i))
                }
            } else if match.value.isNull {
                continue
            } else if shape.keyed, try forEachKeyed(match.value, steps: match.steps, body) {
                continue
            } else {
                throw .mappingMismatch(path: label, found: ItemMapper.describe(match.value.tree))
            }
        }
    }

    /// Calls `body` with each member of the keyed list `object` (at
    /// `steps`) in the server's order; false when it is no object.
    static func forEachKeyed<Node: JSONNode>(_ object: Node, steps: [JSONPath.Step],
                                             _ body: (ListElement<Node>) throws(DataError) -> Void) throws(DataError) -> Bool {
        func element(_ key: String, _ value: Node) -> ListElement<Node> {
            ListElement(value: value, key: key, label: JSONPath.text(of: steps + [.key(key)]))
        }
        var failure: DataError?
        let ordered = object.forEachOrderedMember { key, value in
            do throws(DataError) { try body(element(key, value)) } catch { failure = error }
            return failure == nil
        }
        if let failure { throw failure }
        if ordered { return true }
        // A tree forgets the order (`JSONValue`: NDJSON read whole): sorted.
        guard let keys = object.memberKeys else { return false }
        for key in keys.sorted() { try body(element(key, object.member(key)!)) }
        return true
    }
}
