import Foundation

/// A JSON body written in the config (typed, as YAML gives it) whose string
/// values may hold templates. Values are put into the tree, never spliced
/// into text: a string that is exactly one placeholder becomes the value
/// with its own type (a number stays a number, `${marked.id}` a list), and
/// a string with text around placeholders stays a string. Whatever a value
/// holds (quotes, braces, `"}`), the body keeps the shape the config gave.
public enum JSONTemplate {
    /// The templates in `body`'s string values (unreadable ones left out:
    /// the loader has refused them).
    public static func templates(in body: JSONValue) -> [Template] {
        switch body {
        case .string(let s): return s.contains("${") ? [(try? Template(s))].compactMap { $0 } : []
        case .array(let a): return a.flatMap(templates(in:))
        case .object(let o): return o.keys.sorted().flatMap { templates(in: o[$0]!) }
        default: return []
        }
    }

    /// Checks every template in `body`; the first problem, with where it is.
    public static func check(_ body: JSONValue, allowed: Set<Template.Namespace>) throws(Template.Problem) {
        switch body {
        case .string(let s) where s.contains("$"): _ = try Template(s, allowed: allowed)
        case .array(let a): for v in a { try check(v, allowed: allowed) }
        case .object(let o): for k in o.keys.sorted() { try check(o[k]!, allowed: allowed) }
        default: break
        }
    }

    /// `body` with its templates filled in.
    public static func fill(_ body: JSONValue, value: (Template.Placeholder) throws(TemplateFill.Problem) -> TemplateFill.Value)
        throws(TemplateFill.Problem) -> JSONValue {
        switch body {
        case .string(let s) where s.contains("$"):
            guard let template = try? Template(s) else { return body }
            if let sole = template.soleValue { return json(try value(sole)) }
            return .string(try TemplateFill.text(template, value: value))
        case .array(let a):
            var out: [JSONValue] = []
            for v in a { out.append(try fill(v, value: value)) }
            return .array(out)
        case .object(let o):
            var out: [String: JSONValue] = [:]
            for (k, v) in o { out[k] = try fill(v, value: value) }
            return .object(out)
        default:
            return body
        }
    }

    /// A value as JSON: text, or an array of them for marked rows.
    static func json(_ value: TemplateFill.Value) -> JSONValue {
        switch value {
        case .one(let text):
            return .string(text)
        case .many(let values):
            return .array(values.map(json))
        }
    }
}
