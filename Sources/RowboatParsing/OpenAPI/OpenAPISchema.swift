import Foundation
import RowboatSpec

/// A schema as the import reads it: its `$ref`s followed, `allOf` merged,
/// `anyOf`/`oneOf` narrowed to the first shape that is not `null` (3.1's
/// nullable unions, `[T, "null"]` types and 3.0's `nullable` make it
/// nullable), and what could not be read said in `problems`.
public struct OpenAPISchema: Sendable {
    public var types: [String] = []
    public var format: String?
    /// Properties in document order, not yet flattened (schemas nest, and may
    /// name themselves).
    public var properties: [(name: String, schema: OpenAPINode)] = []
    public var items: OpenAPINode?
    public var enumValues: [OpenAPINode] = []
    public var example: OpenAPINode?
    public var defaultValue: OpenAPINode?
    public var minimum: String?
    public var maximum: String?
    public var nullable = false
    /// The properties an object must have.
    public var required: [String] = []
    public var description: String?
    /// The schema's own `title`.
    public var title: String?
    /// What the document calls each enum value (by its text), surest first
    /// where it says more than once: a `oneOf`/`anyOf` branch's `title`
    /// or `description` for its `const`, `x-enum-descriptions` (or
    /// `x-enumDescriptions`; a list beside `enum` or a map by value), and
    /// `x-enumNames` / `x-enum-varnames` (code names, to be made words).
    public var enumTitles: [String: [EnumTitle]] = [:]
    /// The currency `x-currency` (or `x-currency-code`) names, an ISO 4217 code.
    public var currency: String?
    public var problems: [String] = []
    /// The `$ref`s taken to reach it (so a schema inside it that names one of them again is a cycle).
    var refs: Set<String> = []

    /// A name the document gives an enum value.
    public enum EnumTitle: Sendable, Equatable {
        /// Words for people (a title or a description).
        case words(String)
        /// A name in code (`PriceAsc`, `PRICE_ASC`).
        case codeName(String)
    }

    /// The extensions that describe enum values, in words and in code names.
    static let enumDescriptionKeys = ["x-enum-descriptions", "x-enumDescriptions", "x-enum-description"]
    static let enumNameKeys = ["x-enumNames", "x-enum-names", "x-enum-varnames", "x-enumVarNames", "x-enum-titles"]

    /// Reads the enum extensions of `o` (a schema, or a parameter that
    /// carries them itself) for `values`.
    static func enumTitles(of o: OpenAPIObject, values: [OpenAPINode]) -> [String: [EnumTitle]] {
        var out: [String: [EnumTitle]] = [:]
        let texts = values.map { $0.text }
        for (keys, make) in [(enumDescriptionKeys, EnumTitle.words), (enumNameKeys, EnumTitle.codeName)] {
            for key in keys {
                switch o[key] {
                case .array(let list)?:
                    for (value, title) in zip(texts, list) {
                        if let value, let title = title.text, !title.isEmpty { out[value, default: []].append(make(title)) }
                    }
                case .object(let map)?:
                    for (value, title) in map.ordered {
                        if let title = title.text, !title.isEmpty { out[value, default: []].append(make(title)) }
                    }
                default:
                    continue
                }
            }
        }
        return out
    }

    public var isObject: Bool { types.contains("object") || (!properties.isEmpty && types.isEmpty) }
    public var isArray: Bool { types.contains("array") || (items != nil && types.isEmpty) }
    public var type: String? { types.first { $0 != "null" } }

    /// How deep schemas are followed into each other.
    public static let maxDepth = 14

    /// `node` flattened in `document`.
    public static func read(_ node: OpenAPINode, in document: OpenAPIDocument, refs: Set<String> = [],
                            depth: Int = 0) -> OpenAPISchema {
        var out = OpenAPISchema()
        out.refs = refs
        guard depth <= maxDepth else {
            out.problems.append("schemas nested deeper than \(maxDepth) levels are not read")
            return out
        }
        if case .object(let o) = node, let ref = o["$ref"]?.string, refs.contains(ref) {
            out.problems.append("the $ref \(ref) refers to itself (not expanded)")
            return out
        }
        let resolved = document.resolve(node)
        if let problem = resolved.problem { out.problems.append(problem) }
        if let ref = resolved.ref { out.refs.insert(ref) }
        guard case .object(let o)? = resolved.node else { return out }
        switch o["type"] {
        case .string(let t)?: out.types = [t]
        case .array(let ts)?: out.types = ts.compactMap(\.string)
        default: break
        }
        if out.types.contains("null") || o["nullable"]?.bool == true || o["x-nullable"]?.bool == true { out.nullable = true }
        out.format = o["format"]?.string
        out.properties = o["properties"]?.object?.ordered.map { (name: $0.key, schema: $0.value) } ?? []
        out.items = o["items"]
        out.enumValues = o["enum"]?.array ?? []
        out.example = o["example"] ?? o["examples"]?.array?.first
        out.defaultValue = o["default"]
        out.required = o["required"]?.array?.compactMap(\.string) ?? []
        out.minimum = o["minimum"]?.text
        out.maximum = o["maximum"]?.text
        out.description = o["description"]?.string ?? o["title"]?.string
        out.title = o["title"]?.string
        out.currency = (o["x-currency"] ?? o["x-currency-code"])?.string
        if o["const"] != nil, out.enumValues.isEmpty { out.enumValues = [o["const"]!] }
        out.enumTitles = enumTitles(of: o, values: out.enumValues)
        for part in o["allOf"]?.array ?? [] {
            out.merge(read(part, in: document, refs: out.refs, depth: depth + 1))
        }
        for key in ["oneOf", "anyOf"] {
            guard let parts = o[key]?.array, !parts.isEmpty else { continue }
            let shapes = parts.map { read($0, in: document, refs: out.refs, depth: depth + 1) }
            let real = shapes.filter { !($0.types == ["null"] && $0.properties.isEmpty) }
            if real.count < shapes.count { out.nullable = true }
            // A choice of constants, each with its title (JSON Schema's way to
            // describe enum values): the enum, its titles from the branches.
            if real.count > 1, out.enumValues.isEmpty,
               real.allSatisfy({ $0.enumValues.count == 1 && !$0.isObject && !$0.isArray }) {
                for shape in real {
                    out.enumValues.append(shape.enumValues[0])
                    if let value = shape.enumValues[0].text, let words = shape.title ?? shape.description, !words.isEmpty {
                        out.enumTitles[value, default: []].insert(.words(words), at: 0)
                    }
                }
                for t in real.first!.types where !out.types.contains(t) { out.types.append(t) }
                continue
            }
            guard let chosen = real.first(where: { $0.isObject || $0.isArray }) ?? real.first else { continue }
            if real.count > 1 { out.problems.append("\(key) of \(real.count) shapes: the first \(chosen.isArray ? "array" : chosen.isObject ? "object" : "one") is used") }
            out.merge(chosen)
        }
        return out
    }

    /// Takes what `other` adds (an `allOf` part, the chosen `oneOf` shape).
    mutating func merge(_ other: OpenAPISchema) {
        for t in other.types where !types.contains(t) { types.append(t) }
        let names = Set(properties.map(\.name))
        properties += other.properties.filter { !names.contains($0.name) }
        items = items ?? other.items
        format = format ?? other.format
        if enumValues.isEmpty { enumValues = other.enumValues }
        for (value, titles) in other.enumTitles { enumTitles[value, default: []] += titles }
        currency = currency ?? other.currency
        title = title ?? other.title
        example = example ?? other.example
        defaultValue = defaultValue ?? other.defaultValue
        description = description ?? other.description
        nullable = nullable || other.nullable
        required += other.required.filter { !required.contains($0) }
        problems += other.problems
        refs.formUnion(other.refs)
    }
}

/// Makes a sample JSON value from a schema: examples, defaults and enums
/// where the document gives them, else values of the schema's type and
/// format named after the field (a `date-time` an ISO date, a `uri` a URL
/// that ends in `.png` when the name says image, a next-page link a URL, a
/// cursor an opaque token, page and total counts numbers that read as
/// such), each item's id its own. The probe's guessers read the sample as
/// they read a server's answer, so a document and a server are judged by
/// the same rules.
struct OpenAPISample {
    let document: OpenAPIDocument
    /// `scheme://host[:port]` and the path, for next-page URLs.
    let origin: String
    let path: String
    /// Problems met, in the order met (each once).
    var problems: [String] = []

    static let maxDepth = 7
    static let maxItemDepth = 3
    static let maxProperties = 80
    static let itemCount = 3

    init(document: OpenAPIDocument, origin: String, path: String) {
        self.document = document
        self.origin = origin
        self.path = path
    }

    /// A value for `node`, named `name`, as the `index`th item (from 1);
    /// `insideItem` once inside an array's element, `itemDepth` how deep
    /// inside it (fields are guessed from the first levels of an item: a
    /// schema that nests itself is not followed further).
    mutating func value(_ node: OpenAPINode, name: String, index: Int, depth: Int,
                        refs: Set<String> = [], insideItem: Bool = false, itemDepth: Int = 0) -> JSONValue {
        guard depth <= Self.maxDepth, itemDepth <= Self.maxItemDepth else { return .null }
        let schema = OpenAPISchema.read(node, in: document, refs: refs)
        for p in schema.problems where !problems.contains(p) { problems.append(p) }
        if schema.isObject && !schema.isArray || (!schema.properties.isEmpty) {
            var out: [String: JSONValue] = [:]
            for (key, property) in schema.properties.prefix(Self.maxProperties) {
                out[key] = value(property, name: key, index: index, depth: depth + 1, refs: schema.refs, insideItem: insideItem,
                                 itemDepth: insideItem ? itemDepth + 1 : 0)
            }
            return .object(out)
        }
        if schema.isArray {
            guard let items = schema.items else { return .array([]) }
            // The largest array is the list: an array outside the items has
            // three elements, one inside them has one.
            let count = insideItem ? 1 : Self.itemCount
            return .array((1...count).map { i in
                value(items, name: name, index: insideItem ? index : i, depth: depth + 1, refs: schema.refs, insideItem: true,
                      itemDepth: insideItem ? itemDepth + 1 : 0)
            })
        }
        return scalar(schema, name: name, index: index, depth: depth, insideItem: insideItem)
    }

    func scalar(_ schema: OpenAPISchema, name: String, index: Int, depth: Int, insideItem: Bool = false) -> JSONValue {
        let lower = name.lowercased()
        // An item's identifier gets a value of its own in each item, whatever
        // example the document gives (`isbn`, `sku`, `doi` as well as `id`).
        let idLike = lower == "id" || lower == "uuid" || lower == "key" || lower == "slug"
            || lower.hasSuffix("_id") || name.hasSuffix("Id") || name.hasSuffix("ID")
            || insideItem && (FieldGuess.identifierRank(name).map { $0.0 <= 3 } ?? false)
        let type = schema.type ?? (schema.enumValues.first.map { if case .number = $0 { "number" } else { "string" } } ?? "string")
        if !idLike, let given = schema.enumValues.first ?? schema.example ?? schema.defaultValue, let v = Self.json(given),
           v != .null || schema.nullable {
            return v
        }
        switch type {
        case "integer", "number":
            if idLike { return .int(Int64(index)) }
            if PagingGuess.pageKeys.contains(lower) { return .int(schema.minimum == "0" ? 0 : 1) }
            if PagingGuess.totalPagesKeys.contains(lower) { return .int(5) }
            if PagingGuess.totalCountKeys.contains(lower) { return .int(100) }
            if PagingNames.role(of: name) == .size || PagingGuess.bodySizeKeys.contains(lower) { return .int(20) }
            if PagingGuess.bodyOffsetKeys.contains(lower) { return .int(0) }
            if OpenAPISample.timeNames.contains(lower), schema.format != "int32" { return .int(1_760_000_000 + Int64(index) * 3600) }
            return type == "integer" ? .int(Int64(10 + index)) : .double(Double(10 + index) + 0.5)
        case "boolean":
            if PagingGuess.hasMoreKeys.contains(lower) { return .bool(true) }
            if PagingGuess.isLastKeys.contains(lower) { return .bool(false) }
            return .bool(index % 2 == 1)
        case "null":
            return .null
        default:
            break
        }
        if idLike { return .string("\(name)-\(index)") }
        switch schema.format {
        case "date-time"?: return .string("2026-01-0\(min(index, 9))T10:00:00Z")
        case "date"?: return .string("2026-01-0\(min(index, 9))")
        case "email"?: return .string("user\(index)@example.com")
        default: break
        }
        if PagingGuess.Reader.isNextURLKey(name) { return .string("\(origin)\(path)?page=2") }
        if PagingGuess.cursorKeys.contains(lower) || PagingNames.isTokenKey(name) {
            return .string("c\(index)Zx9")
        }
        let uri = ["uri", "url", "uri-reference", "iri"].contains(schema.format ?? "")
            || lower.hasSuffix("url") || lower.hasSuffix("uri") || lower.hasSuffix("href") || lower == "link"
        if uri {
            let picture = ["image", "avatar", "thumb", "photo", "picture", "icon", "logo", "cover", "poster"]
                .contains { lower.contains($0) }
            return .string(picture ? "https://example.com/\(name)/\(index).png" : "https://example.com/\(name)/\(index)")
        }
        let words = ProbeDraft.columnTitle(name)
        return .string("\(words) \(index)")
    }

    static let timeNames: Set<String> = ["created", "updated", "timestamp", "time", "created_at", "updated_at",
                                         "createdat", "updatedat", "published", "date"]

    /// A document value (an example, a default, an enum member) as JSON.
    static func json(_ node: OpenAPINode) -> JSONValue? {
        switch node {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(let n):
            if let i = Int64(n) { return .int(i) }
            if let d = Double(n) { return .double(d) }
            return .numberText(n)
        case .array, .object: return nil
        }
    }
}
