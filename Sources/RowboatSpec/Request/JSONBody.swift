/// Builds typed JSON request bodies: a template from the config with
/// values placed at body paths.
///
/// A request value is named by a param name; a name starting with `$.` or
/// `$[` (`$.variables.after`, `$["page size"]`) is a path in the JSON body
/// instead of a query or form param. Placing a value creates the objects
/// and arrays on its way; it replaces whatever was there.
public enum JSONBody {
    /// The largest array index a body path may use (arrays are padded
    /// with nulls up to it).
    public static let maxIndex = 1000

    /// The body path a param name stands for, or nil for an ordinary param
    /// name. A `$`-name that is not a usable body path (malformed, `[*]`,
    /// a negative or too large index) is nil too; the config loader names
    /// those as errors.
    public static func path(_ name: String) -> JSONPath? {
        guard isBodyPathName(name), let path = JSONPath(String(name.dropFirst())), !path.steps.isEmpty else { return nil }
        for step in path.steps {
            switch step {
            case .key: continue
            case .index(let i): if i < 0 || i > maxIndex { return nil }
            case .wildcard: return nil
            }
        }
        return path
    }

    /// True when `name` is written as a body path (`$.…` or `$[…`).
    public static func isBodyPathName(_ name: String) -> Bool {
        name.hasPrefix("$.") || name.hasPrefix("$[")
    }

    /// `body` with `value` placed at `path`.
    public static func place(_ value: JSONValue, at path: JSONPath, in body: inout JSONValue) {
        place(value, at: path.steps[...], in: &body)
    }

    private static func place(_ value: JSONValue, at steps: ArraySlice<JSONPath.Step>, in node: inout JSONValue) {
        guard let step = steps.first else {
            node = value
            return
        }
        switch step {
        case .key(let key):
            var object: [String: JSONValue]
            if case .object(let o) = node { object = o } else { object = [:] }
            var child = object[key] ?? .null
            object[key] = nil
            place(value, at: steps.dropFirst(), in: &child)
            object[key] = child
            node = .object(object)
        case .index(let index):
            guard index >= 0, index <= maxIndex else { return }
            var array: [JSONValue]
            if case .array(let a) = node { array = a } else { array = [] }
            while array.count <= index { array.append(.null) }
            place(value, at: steps.dropFirst(), in: &array[index])
            node = .array(array)
        case .wildcard:
            return
        }
    }

    /// A request param's value as JSON: text, or an array of texts.
    public static func value(_ param: ParamValue) -> JSONValue {
        switch param {
        case .one(let s): .string(s)
        case .many(let list): .array(list.map { .string($0) })
        }
    }
}
