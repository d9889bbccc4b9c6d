import Foundation

/// Maps JSON list elements to `Item`s following an `ItemMapping`: path
/// lookup, null-string filtering, defaults, coercion, HTML entity decoding
/// and sanitizing of text.
public struct ItemMapper: Sendable {
    public let mapping: ItemMapping
    /// The `id` field's spec, looked up once.
    let idSpec: FieldSpec?
    /// The null strings, for a hashed lookup per value.
    package let nullStrings: Set<String>
    /// The longest null string: longer text is never one.
    package let maxNullStringBytes: Int
    /// The field names, each once, in mapping order: shared by every item.
    package let names: [String]
    /// Field `i`'s value goes to `names[slots[i]]` (a repeated name: the last field's).
    package let slots: [Int]
    /// Where the `id` field's value is in `names`.
    let idSlot: Int?

    public init(mapping: ItemMapping) {
        self.mapping = mapping
        idSpec = mapping.field("id")
        nullStrings = Set(mapping.nullStrings)
        maxNullStringBytes = mapping.nullStrings.map(\.utf8.count).max() ?? 0
        var names: [String] = []
        slots = mapping.fields.map { spec in
            if let at = names.firstIndex(of: spec.name) { return at }
            names.append(spec.name)
            return names.count - 1
        }
        self.names = names
        idSlot = names.firstIndex(of: "id")
    }

    /// Maps one element; `index` names it in errors.
    public func map(_ element: JSONValue, index: Int, listPath: JSONPath) throws(DataError) -> Item {
        try map(ListElement(value: element, at: listPath.description, position: index), index: index)
    }

    /// Maps one list element; its label names it in errors, and in a keyed
    /// list its key is what a `$key` path reads. Without an `id` field the
    /// id is `index`.
    public func map<Node: JSONNode>(_ element: ListElement<Node>, index: Int) throws(DataError) -> Item {
        var values = [FieldValue](repeating: .missing, count: names.count)
        for (i, spec) in mapping.fields.enumerated() {
            values[slots[i]] = value(for: spec, in: element.value, key: element.key)
        }
        return try item(values: values, element: element, index: index)
    }

    /// The item of `element` with these mapped `values` (one per name, in
    /// `names`' order): a missing id is a mismatch naming where it was
    /// looked for; without an `id` field the id is `index`.
    package func item<Node: JSONNode>(values: [FieldValue], element: ListElement<Node>,
                              index: Int) throws(DataError) -> Item {
        let idValue = idSlot.map { values[$0] } ?? .missing
        let id: String
        if idValue == .missing {
            if let spec = idSpec {
                let found = spec.path.lookupTree(in: element.value)
                throw .mappingMismatch(path: "\(element.label).\(spec.path)",
                                       found: found.map(Self.describe) ?? "nothing")
            }
            id = String(index)
        } else {
            id = idValue.plainText
        }
        return Item(id: id, values: ItemValues(names: names, values: values))
    }

    /// The coerced value of one field, its default, or `.missing`. `key` is
    /// the element's key in a keyed-object list (read by a `$key` path).
    public func value<Node: JSONNode>(for spec: FieldSpec, in element: Node, key: String? = nil) -> FieldValue {
        let raw: JSONValue?
        if let computed = spec.computed {
            raw = computed.expression.value(of: element)
        } else {
            raw = key != nil && spec.readsKey ? .string(key!) : spec.path.scalar(in: element, whole: spec.keepsServerText)
        }
        if let raw, let coerced = coerce(raw, to: spec) {
            return coerced
        }
        if let fallback = spec.defaultValue, let coerced = coerce(.string(fallback), to: spec) {
            return coerced
        }
        return .missing
    }

    /// `raw` coerced for `spec`: a field that keeps the server's text
    /// (`FieldSpec.keepsServerText`) as a text field gets it as it is.
    package func coerce(_ raw: JSONValue, to spec: FieldSpec) -> FieldValue? {
        guard spec.keepsServerText else { return coerce(raw, to: spec.type) }
        if case .string(let s) = raw, isNull(s) { return nil }
        return raw.scalarText.map { .text($0) }
    }

    func isNull(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.utf8.count <= maxNullStringBytes else { return false }
        return nullStrings.contains(String(trimmed))
    }

    /// Coerces a JSON value to `type`; nil when it is missing or does not fit.
    package func coerce(_ raw: JSONValue, to type: FieldType) -> FieldValue? {
        if case .string(let s) = raw, isNull(s) || (s.isEmpty && type != .text) { return nil }
        switch type {
        case .text:
            guard let s = raw.scalarText else { return nil }
            return .text(Sanitizer.clean(HTMLEntities.decode(s)))
        case .html:
            guard let s = raw.scalarText else { return nil }
            let plain = Sanitizer.clean(HTMLText.plain(s))
            return plain.isEmpty ? nil : .text(plain)
        case .int:
            if case .int(let i) = raw { return .int(i) }
            if case .double(let d) = raw, d.isFinite, d == d.rounded() {
                // Past 2^53 a double's digits are not the server's: its value, as text.
                return abs(d) < 9_007_199_254_740_992 ? .int(Int64(d)) : .numberText(JSONValue.format(d))
            }
            // An integer past 64 bits keeps its digits.
            if case .numberText(let t) = raw { return JSONNumberText.isInteger(t) ? .numberText(t) : nil }
            if case .string(let s) = raw, let i = Int64(s.trimmingWhitespace()) { return .int(i) }
            return nil
        case .number:
            // A number a double would change keeps its digits.
            if case .numberText(let t) = raw { return .numberText(t) }
            if case .int(let i) = raw, Double(exactly: i) == nil { return .numberText(String(i)) }
            return number(raw).map { .number($0) }
        case .money:
            // Money is formatted from a double when one holds the amount at all.
            if case .numberText(let t) = raw, !(Double(t)?.isFinite ?? false) { return .numberText(t) }
            return number(raw).map { .money($0) }
        case .bool:
            switch raw {
            case .bool(let b): return .bool(b)
            case .int(let i) where i == 0 || i == 1: return .bool(i == 1)
            case .string(let s): return BoolText.value(s).map { .bool($0) }
            default: return nil
            }
        case .dateSeconds:
            return number(raw).map { .date($0) }
        case .dateMillis:
            return number(raw).map { .date($0 / 1000) }
        case .dateISO8601:
            guard case .string(let s) = raw else { return nil }
            return ISO8601Parser.seconds(s).map { .date($0) }
        }
    }

    func number(_ raw: JSONValue) -> Double? {
        switch raw {
        case .int(let i): return Double(i)
        case .double(let d): return d.isFinite ? d : nil
        case .numberText(let t):
            guard let d = Double(t), d.isFinite else { return nil }
            return d
        case .string(let s):
            guard let d = Double(s.trimmingWhitespace()), d.isFinite else { return nil }
            return d
        default: return nil
        }
    }

    /// A short, sanitized description of a JSON value for error messages.
    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "\"\(Sanitizer.clean(String(s.prefix(40)), limit: 40))\""
        case .array(let a): "an array of \(a.count)"
        case .object(let o): "an object with keys \(o.keys.sorted().prefix(5).joined(separator: ", "))"
        default: value.scalarText ?? value.kindName
        }
    }
}
