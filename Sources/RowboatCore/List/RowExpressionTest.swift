import RowboatSpec

/// A `jq:` condition of the local filter tested on rows where they lie:
/// each row becomes an object of its fields by name (the hidden `@`
/// fields of actions left out) — numbers, money and bools read back as
/// values, dates as ISO 8601 text, as `fetch --format json` writes them,
/// a missing value as null — and is kept when the expression's first
/// result is neither false nor null (`select(.price > 100)`, or
/// `.price > 100`). A failing or bounded expression keeps no row.
final class RowExpressionTest: @unchecked Sendable {
    let expression: any FieldExpression
    /// Per shape: each field's name, and its kind.
    let names: [[String]]
    let kinds: [[SortKind]]

    init(_ expression: any FieldExpression, shapes: [[String]], kinds: [String: SortKind]) {
        self.expression = expression
        names = shapes
        self.kinds = shapes.map { $0.map { kinds[$0] ?? .text } }
    }

    func keeps(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, shape: Int) -> Bool {
        guard names.indices.contains(shape) else { return false }
        var object: [String: JSONValue] = [:]
        for (i, name) in names[shape].enumerated() where !ActionFields.isHidden(name) {
            object[name] = Self.value(RowBytes.cell(bytes, at: at, field: i), kind: kinds[shape][i])
        }
        switch expression.value(of: JSONValue.object(object)) {
        case nil, .null?, .bool(false)?: return false
        default: return true
        }
    }

    /// A row already read (`RowModel`) as the same object: what an
    /// expression column reads.
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
