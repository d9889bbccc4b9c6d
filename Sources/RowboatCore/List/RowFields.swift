/// A row's display fields by name, kept small for lists of a million rows:
/// the names are one array shared by every row a `RowModelBuilder` made
/// (copy-on-write), the values are the row's own, in the same order. Reads
/// like a dictionary (`fields["price"]`, a dictionary literal), compares
/// and encodes as one (stored favorites keep their format).
public struct RowFields: Sendable, Equatable, Codable, ExpressibleByDictionaryLiteral {
    /// Field names, in order (shared between rows).
    public private(set) var names: [String]
    /// `names[i]`'s value is `values[i]`.
    public private(set) var values: [CellText]

    /// `values[i]` is the field `names[i]`; the names must differ.
    public init(names: [String], values: [CellText]) {
        precondition(names.count == values.count, "one value per name")
        self.names = names
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, CellText)...) {
        self.init(elements)
    }

    /// The fields of `dictionary`, by name.
    public init(_ dictionary: [String: CellText]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    init(_ pairs: [(String, CellText)]) {
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
    public subscript(name: String) -> CellText? {
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
    public var dictionary: [String: CellText] {
        Dictionary(zip(names, values)) { first, _ in first }
    }

    public static func == (a: RowFields, b: RowFields) -> Bool {
        (a.names == b.names && a.values == b.values) || a.dictionary == b.dictionary
    }

    public init(from decoder: any Decoder) throws {
        self.init(try [String: CellText](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}
