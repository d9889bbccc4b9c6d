import Yams
import RowboatSpec

/// A YAML node with its key path and file position, so every read can fail
/// with a `ConfigError` that points at the exact spot.
struct ConfigNode {
    let node: Node
    let path: String
    let file: String
    let environment: [String: String]

    var line: Int? { node.mark?.line }
    var column: Int? { node.mark?.column }

    /// This node's spot, for a check made later.
    var position: ConfigPosition { ConfigPosition(file: file, line: line, column: column, keyPath: path) }

    func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: line, column: column, keyPath: path, message: message)
    }

    func child(_ node: Node, key: String) -> ConfigNode {
        ConfigNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, environment: environment)
    }

    /// The mapping's entries by key; unknown keys fail with a suggestion.
    func mapping(allowed: [String]) throws(ConfigError) -> [String: ConfigNode] {
        guard case .mapping(let m) = node else { throw error("expected a mapping, found \(kind)") }
        var out: [String: ConfigNode] = [:]
        for (keyNode, value) in m {
            guard case .scalar(let k) = keyNode else { throw child(keyNode, key: "?").error("keys must be text") }
            let key = k.string
            let entry = child(value, key: key)
            if !allowed.contains(key) {
                let keyEntry = ConfigNode(node: keyNode, path: entry.path, file: file, environment: environment)
                let hint = Suggestion.hint(for: key, in: allowed)
                throw keyEntry.error("unknown key \"\(key)\"\(hint)")
            }
            out[key] = entry
        }
        return out
    }

    /// Entries of a mapping whose keys are free (endpoint keys, params, headers),
    /// in file order.
    func entries() throws(ConfigError) -> [(String, ConfigNode)] {
        guard case .mapping(let m) = node else { throw error("expected a mapping, found \(kind)") }
        var out: [(String, ConfigNode)] = []
        for (keyNode, value) in m {
            guard case .scalar(let k) = keyNode else { throw error("keys must be text") }
            out.append((k.string, child(value, key: k.string)))
        }
        return out
    }

    func sequence() throws(ConfigError) -> [ConfigNode] {
        guard case .sequence(let s) = node else { throw error("expected a list, found \(kind)") }
        return s.enumerated().map { i, n in
            ConfigNode(node: n, path: "\(path)[\(i)]", file: file, environment: environment)
        }
    }

    func string() throws(ConfigError) -> String {
        guard case .scalar(let s) = node else { throw error("expected text, found \(kind)") }
        return try EnvironmentExpander.expand(s.string, environment: environment, at: self)
    }

    /// Text that goes into a request header (a header value or a
    /// credential): a line break or NUL, often from a `${VAR}`, would split
    /// the request, so it is refused, and the value, maybe a secret, is
    /// not shown.
    func headerSafeString() throws(ConfigError) -> String {
        let value = try string()
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw error("the value holds a line break or NUL, which would split the request (the value is not shown)")
        }
        return value
    }

    /// A `Template` (`${item.id}` and the like), checked here so a typo
    /// in a namespace names this spot.
    func template(allowed: Set<Template.Namespace> = Set(Template.Namespace.allCases)) throws(ConfigError) -> Template {
        let text = try string()
        do {
            return try Template(text, allowed: allowed)
        } catch {
            throw self.error(error.description)
        }
    }

    func int() throws(ConfigError) -> Int {
        let s = try string()
        guard let i = Int(s) else { throw error("expected a whole number, found \"\(s)\"") }
        return i
    }

    func double() throws(ConfigError) -> Double {
        let s = try string()
        guard let d = Double(s), d.isFinite else { throw error("expected a number, found \"\(s)\"") }
        return d
    }

    func bool() throws(ConfigError) -> Bool {
        let text = try string()
        guard let flag = BoolText.value(text) else { throw error("expected true or false, found \"\(text)\"") }
        return flag
    }

    /// A JSON path; `[*]` only where `wildcard` allows it (the list path).
    func jsonPath(wildcard: Bool = false) throws(ConfigError) -> JSONPath {
        let s = try string()
        guard let p = JSONPath(s) else { throw error("malformed path \"\(s)\" (use a.b[0].c)") }
        if p.hasWildcard, !wildcard {
            throw error("[*] in \"\(s)\": a wildcard is only allowed in response.list")
        }
        return p
    }

    /// The node as a JSON value with YAML's types: `5` a number, `"5"` a
    /// string, `true`/`false` (and YAML's yes/no) a bool, `null` or `~`
    /// null; lists and mappings nest. `${NAME}` is expanded in strings.
    func jsonValue() throws(ConfigError) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            switch Self.tagName(of: scalar) {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: if let b = node.bool { return .bool(b) }
            case Tag.Name.int.rawValue:
                if let i = node.int { return .int(Int64(i)) }
                // Past 64 bits: the number as written.
                if case .numberText(let t)? = JSONNumberText.jsonValue(scalar.string) { return .numberText(t) }
            case Tag.Name.float.rawValue:
                // A decimal a double would change stays as written (as
                // JSON reads it); YAML's .inf and .nan are no JSON.
                if case .numberText(let t)? = JSONNumberText.jsonValue(scalar.string) { return .numberText(t) }
                guard let d = node.float, d.isFinite else { throw error("\"\(scalar.string)\" is not a number JSON can hold") }
                return .double(d)
            default: break
            }
            return .string(try string())
        case .sequence:
            return .array(try sequence().map { n throws(ConfigError) in try n.jsonValue() })
        case .mapping:
            var object: [String: JSONValue] = [:]
            for (k, v) in try entries() { object[k] = try v.jsonValue() }
            return .object(object)
        case .alias:
            throw error("aliases are not supported here")
        }
    }

    /// A scalar's type: its tag when the file gives one, else YAML 1.1's
    /// rules for a plain scalar (`YAMLPlainScalar`; the file is composed
    /// with Yams' basic resolver, which leaves plain scalars untyped).
    static func tagName(of scalar: Node.Scalar) -> String {
        switch scalar.tag.description {
        case Tag.Name.implicit.rawValue:
            switch YAMLPlainScalar(scalar.string) {
            case .null: Tag.Name.null.rawValue
            case .bool: Tag.Name.bool.rawValue
            case .int: Tag.Name.int.rawValue
            case .float: Tag.Name.float.rawValue
            case .text: Tag.Name.str.rawValue
            }
        case Tag.Name.nonSpecific.rawValue: Tag.Name.str.rawValue
        case let name: name
        }
    }

    /// A scalar or a list of scalars, as text.
    func stringList() throws(ConfigError) -> [String] {
        if case .sequence = node { return try sequence().map { n throws(ConfigError) in try n.string() } }
        return [try string()]
    }

    func oneOf<T: RawRepresentable>(_ type: T.Type) throws(ConfigError) -> T where T.RawValue == String, T: CaseIterable {
        let s = try string()
        if let v = T(rawValue: s) ?? T(rawValue: s.uppercased()) ?? T(rawValue: s.lowercased()) { return v }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggestion.hint(for: s, in: names)
        throw error("expected one of \(names.joined(separator: ", ")), found \"\(s)\"\(hint)")
    }

    /// An endpoint's (or `communication`'s) method: GET or POST.
    func readingMethod() throws(ConfigError) -> HTTPMethodName {
        let s = try string()
        if let v = HTTPMethodName(rawValue: s.uppercased()), HTTPMethodName.readingMethods.contains(v) { return v }
        let names = HTTPMethodName.readingMethods.map(\.rawValue)
        throw error("expected one of \(names.joined(separator: ", ")), found \"\(s)\"\(Suggestion.hint(for: s, in: names))")
    }

    var kind: String {
        switch node {
        case .scalar(let s): "\"\(s.string.prefix(30))\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
