/// A JSON value that paths and mappings can read without building a tree:
/// `JSONValue` (a tree already built) and `JSONTapeNode` (a place on
/// simdjson's tape) both are. Mapping code is written once, over this.
public protocol JSONNode {
    /// The value of `key` when this is an object (the last one when the
    /// key repeats, as a dictionary keeps it); nil otherwise.
    func member(_ key: String) -> Self?
    /// Element `index` when this is an array, negative counting from the
    /// end; nil when out of range or not an array.
    func element(_ index: Int) -> Self?
    /// The elements when this is an array, in order.
    var elements: [Self]? { get }
    /// The members of an object in the order the document wrote them,
    /// each key once (at its first place, with its last value); nil when
    /// this is no object, or when the order is not known (`JSONValue`).
    var orderedMembers: [(key: String, value: Self)]? { get }
    /// The keys of an object, in any order (nil when this is no object).
    var memberKeys: [String]? { get }
    /// Calls `body` with each member of an object in the order the
    /// document wrote them, each key once (at its first place, with its
    /// last value), until it returns false; false when this is no object
    /// or the order is not known (`JSONValue`), and nothing was called.
    func forEachOrderedMember(_ body: (String, Self) -> Bool) -> Bool
    /// True for JSON `null`.
    var isNull: Bool { get }
    /// The value when it is a scalar (null, bool, number, string); nil for
    /// arrays and objects, which no field type coerces.
    var scalar: JSONValue? { get }
    /// `scalar`, with a string never cut however long it is (a node that
    /// caps long strings for display gives them whole here).
    var wholeScalar: JSONValue? { get }
    /// The whole value as a tree (for error text and JSON cursors).
    var tree: JSONValue { get }
    /// Calls `body` with each member's key as UTF-8 and its value, in
    /// document order, repeats included; false (nothing called) when this
    /// is no object or the node has no such walk. For converters that copy
    /// keys as bytes (jq's input) without making a `String` of each.
    func forEachMemberBytes(_ body: (UnsafeBufferPointer<UInt8>, Self) -> Void) -> Bool
    /// `body` on a string value's UTF-8 (whole) when the node holds it as
    /// bytes; nil for other kinds, or when it does not.
    func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
}

extension JSONNode {
    public var wholeScalar: JSONValue? { scalar }
    public func forEachMemberBytes(_ body: (UnsafeBufferPointer<UInt8>, Self) -> Void) -> Bool { false }
    public func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? { nil }
}

extension JSONValue: JSONNode {
    public func member(_ key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public func element(_ index: Int) -> JSONValue? {
        guard case .array(let a) = self else { return nil }
        let at = index < 0 ? a.count + index : index
        return at >= 0 && at < a.count ? a[at] : nil
    }

    public var elements: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var orderedMembers: [(key: String, value: JSONValue)]? { nil }

    public var memberKeys: [String]? {
        if case .object(let o) = self { return Array(o.keys) }
        return nil
    }

    public func forEachOrderedMember(_ body: (String, JSONValue) -> Bool) -> Bool { false }

    public var isNull: Bool { self == .null }

    public var scalar: JSONValue? {
        switch self {
        case .array, .object: nil
        default: self
        }
    }

    public var tree: JSONValue { self }
}

extension JSONPath {
    /// The node at this path in `node`, for a path without `[*]` (nil when
    /// a step is missing, or when the path has `[*]`: see `matches`).
    public func find<Node: JSONNode>(in node: Node) -> Node? {
        var current = node
        for step in steps {
            switch step {
            case .key(let k):
                guard let next = current.member(k) else { return nil }
                current = next
            case .index(let i):
                guard let next = current.element(i) else { return nil }
                current = next
            case .wildcard:
                return nil
            }
        }
        return current
    }

    /// `lookup` on any node, as a tree: the value at the path, or with
    /// `[*]` an array of every value it leads to; nil when a step is missing.
    public func lookupTree<Node: JSONNode>(in node: Node) -> JSONValue? {
        if hasWildcard { return .array(matches(in: node).map(\.value.tree)) }
        return find(in: node)?.tree
    }

    /// True when the path leads somewhere in `node` (a `[*]` path always
    /// does: to an array, maybe empty).
    public func isPresent<Node: JSONNode>(in node: Node) -> Bool {
        hasWildcard || find(in: node) != nil
    }

    /// The scalar at this path, nil when absent. A path to an array or an
    /// object, or a `[*]` path, gives `.array([])`: present, but no field
    /// type coerces it.
    func scalar<Node: JSONNode>(in node: Node, whole: Bool = false) -> JSONValue? {
        if hasWildcard { return .array([]) }
        guard let found = find(in: node) else { return nil }
        return (whole ? found.wholeScalar : found.scalar) ?? .array([])
    }
}
