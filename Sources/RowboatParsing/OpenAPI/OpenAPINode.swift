import RowboatSpec
/// An OpenAPI document as a tree whose objects keep their members in
/// document order (paths become tabs in the order the document lists
/// them). Numbers are kept as their text; the import only names and
/// compares them.
public indirect enum OpenAPINode: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OpenAPINode])
    case object(OpenAPIObject)

    /// The member `key` of an object.
    public subscript(key: String) -> OpenAPINode? {
        if case .object(let o) = self { return o.members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A scalar as text (strings, numbers and bools).
    public var text: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }

    public var array: [OpenAPINode]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var object: OpenAPIObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}

/// An object's members in document order (a repeated key keeps its first
/// place and its last value, as JSON readers do).
public struct OpenAPIObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    public private(set) var members: [String: OpenAPINode] = [:]

    public init() {}

    public init(_ pairs: [(String, OpenAPINode)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public subscript(key: String) -> OpenAPINode? {
        get { members[key] }
        set {
            if let newValue {
                if members.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if members.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Members in document order.
    public var ordered: [(key: String, value: OpenAPINode)] {
        keys.map { ($0, members[$0]!) }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }
}
