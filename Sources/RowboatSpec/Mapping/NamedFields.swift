/// Values by field name, kept small for many rows or items: the names are
/// one array shared by every value set one mapper or builder made
/// (copy-on-write), the values are each one's own, in the same order.
/// Reads like a dictionary (`fields["price"]`, a dictionary literal),
/// compares and encodes as one. An item's mapped values (`ItemValues`)
/// and a row's display fields (`RowFields`) are these.
public struct NamedFields<Value>: ExpressibleByDictionaryLiteral {
    /// Field names, in order (shared between value sets).
    public private(set) var names: [String]
    /// `names[i]`'s value is `values[i]`.
    public private(set) var values: [Value]

    /// `values[i]` is the field `names[i]`; the names must differ.
    public init(names: [String], values: [Value]) {
        precondition(names.count == values.count, "one value per name")
        self.names = names
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }

    /// The fields of `dictionary`, by name.
    public init(_ dictionary: [String: Value]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    init(_ pairs: [(String, Value)]) {
        // Arrays of exactly this size (a row may live as long as the list).
        names = pairs.map(\.0)
        values = pairs.map(\.1)
        if !names.indices.allSatisfy({ !names[..<$0].contains(names[$0]) }) {
            // The same name twice: the last value wins.
            names = []
            values = []
            for (name, value) in pairs { self[name] = value }
        }
    }

    /// The value of field `name`; setting nil removes it.
    public subscript(name: String) -> Value? {
        get {
            guard let at = names.firstIndex(of: name) else { return nil }
            return values[at]
        }
        set {
            let at = names.firstIndex(of: name)
            switch (at, newValue) {
            case (let at?, let value?): values[at] = value
            case (let at?, nil):
                names.remove(at: at)
                values.remove(at: at)
            case (nil, let value?):
                names.append(name)
                values.append(value)
            case (nil, nil): break
            }
        }
    }

    public var count: Int { names.count }
    public var isEmpty: Bool { names.isEmpty }

    /// The fields as a dictionary.
    public var dictionary: [String: Value] {
        Dictionary(zip(names, values)) { first, _ in first }
    }
}

extension NamedFields: Sendable where Value: Sendable {}

extension NamedFields: Equatable where Value: Equatable {
    public static func == (a: NamedFields, b: NamedFields) -> Bool {
        (a.names == b.names && a.values == b.values) || a.dictionary == b.dictionary
    }
}

extension NamedFields: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try [String: Value](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}
