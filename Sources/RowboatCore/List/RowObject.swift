import RowboatSpec

/// A row as a jq expression reads it (a `jq:` condition of the local
/// filter, an expression column): an object of its fields by name, the
/// hidden `@` fields of actions left out — numbers, money and bools read
/// back as values, dates as ISO 8601 text, as `fetch --format json`
/// writes them, a missing value as null. Made alike from a row where it
/// lies in a table's pages and from a row already read (`RowModel`), so a
/// column drawn, sorted and filtered by has one value per row.
struct RowObject: Sendable {
    /// Per shape: each field's name, and its kind.
    let names: [[String]]
    let kinds: [[SortKind]]

    init(shapes: [[String]], kinds: [String: SortKind]) {
        names = shapes
        self.kinds = shapes.map { $0.map { kinds[$0] ?? .text } }
    }

    /// The row at `at` of a page (of shape `shape`); nil for a shape the
    /// table did not have when this was made.
    func object(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shape: Int) -> JSONValue? {
        guard names.indices.contains(shape) else { return nil }
        var object: [String: JSONValue] = [:]
        for (i, name) in names[shape].enumerated() where !ActionFields.isHidden(name) {
            object[name] = Self.value(RowBytes.cell(bytes, at: at, field: i), kind: kinds[shape][i])
        }
        return .object(object)
    }

    /// A row already read (`RowModel`) as the same object.
    static func object(of row: RowModel, kinds: [String: SortKind]) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (name, text) in zip(row.fields.names, row.fields.values) where !ActionFields.isHidden(name) {
            switch text {
            case .relativeDate(let t, _): object[name] = value(.date(t), kind: kinds[name] ?? .text)
            case .text(var s): object[name] = s.withUTF8 { value(.text($0), kind: kinds[name] ?? .text) }
            }
        }
        return .object(object)
    }

    static func value(_ cell: RowBytes.Cell, kind: SortKind) -> JSONValue {
        switch cell {
        case .missing: return .null
        case .date(let t): return ISOTimestamp.string(t).map(JSONValue.string) ?? .null
        case .text(let utf8):
            switch kind {
            case .number, .money:
                if let x = SortValue.parse(utf8, kind: kind) { return JSONValue.decimal(x) }
            case .date:
                if let t = SortValue.parse(utf8, kind: kind), let text = ISOTimestamp.string(t) { return .string(text) }
            case .bool:
                if let b = BoolText.value(String(decoding: utf8, as: UTF8.self)) { return .bool(b) }
            case .text, .auto:
                break
            }
            return .string(String(decoding: utf8, as: UTF8.self))
        }
    }
}
