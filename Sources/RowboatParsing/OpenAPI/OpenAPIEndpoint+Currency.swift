import Foundation
import RowboatSpec

/// The currency an imported money field is in, as the document states it.
extension OpenAPIEndpoint {
    /// The currency of each amount the mapping shows, as the document
    /// states it: the property's own `x-currency` (or `x-currency-code`),
    /// or a sibling named for a currency (`currency`, `currency_code`,
    /// `price_currency`; a Money object's `currency` beside its `amount`)
    /// that can hold one code only (`enum` of one, `const`). The amount is
    /// then money in that currency. A sibling whose code varies from item
    /// to item is mapped beside the amount (a config's money field states
    /// one currency), with a note.
    static func currencies(_ guess: FieldGuess, item: OpenAPINode, in document: OpenAPIDocument,
                           notes: inout [String]) -> FieldGuess {
        var out = guess
        let itemSchema = OpenAPISchema.read(item, in: document)
        for index in guess.fields.indices {
            let field = guess.fields[index]
            guard [.int, .number, .money].contains(field.type), let path = JSONPath(field.path) else { continue }
            let keys = path.steps.compactMap { step -> String? in if case .key(let k) = step { k } else { nil } }
            guard !keys.isEmpty, keys.count == path.steps.count else { continue }
            var parent = itemSchema
            var leaf: OpenAPISchema?
            for (i, key) in keys.enumerated() {
                guard let next = parent.properties.first(where: { $0.name == key })?.schema else { break }
                let schema = OpenAPISchema.read(next, in: document)
                if i == keys.count - 1 { leaf = schema } else { parent = schema }
            }
            guard let leaf, let key = keys.last else { continue }
            var code: String?
            var why = ""
            if let stated = leaf.currency.flatMap(isoCode) {
                code = stated
                why = "the document's x-currency"
            } else if let sibling = currencySibling(of: key, in: parent) {
                let schema = OpenAPISchema.read(sibling.schema, in: document)
                let values = Set(schema.enumValues.compactMap(\.text).compactMap(isoCode))
                let siblingPath = (keys.dropLast() + [sibling.name]).map { JSONPath.Step.key($0) }
                if values.count == 1, schema.enumValues.count == 1, let only = values.first {
                    code = only
                    why = "its \(JSONPath(steps: siblingPath).description) is always \(only)"
                } else if !out.fields.contains(where: { $0.path == JSONPath(steps: siblingPath).description }) {
                    let name = FieldGuess.columnName(sibling.name, fallback: "currency", taken: out.fields)
                    out.fields.append(FieldGuess.Field(name: name, path: JSONPath(steps: siblingPath).description, type: .text,
                                                       reason: "the currency of \(field.path)"))
                    notes.append("\(field.path) comes with its currency in each item's \(JSONPath(steps: siblingPath).description), "
                                 + "mapped beside it; if every item has the same one, write it as \(field.name)'s currency: (an ISO 4217 code)")
                }
            }
            guard let code else { continue }
            out.fields[index].type = .money
            out.fields[index].relative = false
            out.fields[index].currency = code
            out.fields[index].reason += "; in \(code): \(why)"
        }
        return out
    }

    /// The property beside `key` that names a currency: one whose words
    /// hold `currency` (or `ccy`) and one of `key`'s words
    /// (`price_currency` for `price`), else one that names nothing else
    /// (`currency`, `currency_code`, `currencyCode`, `iso_currency_code`).
    static func currencySibling(of key: String, in parent: OpenAPISchema) -> (name: String, schema: OpenAPINode)? {
        let own = Set(FieldGuess.words(key))
        let candidates = parent.properties.filter { p in
            p.name != key && FieldGuess.words(p.name).contains { $0 == "currency" || $0 == "ccy" }
        }
        return candidates.first { !own.isDisjoint(with: FieldGuess.words($0.name)) }
            ?? candidates.first { Set(FieldGuess.words($0.name)).isSubset(of: ["currency", "ccy", "code", "iso"]) }
    }

    /// `text` as an ISO 4217 code (three letters, upper case), or nil.
    static func isoCode(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespaces)
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return code.uppercased()
    }
}
