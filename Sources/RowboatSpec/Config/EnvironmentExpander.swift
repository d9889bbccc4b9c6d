/// Expands `${NAME}` in config values from the environment so secrets stay
/// out of files. `$$` is a literal dollar. `${item.FIELD}`, `${marked.…}`,
/// `${env.…}` and `${params.…}` are not environment variables (no shell
/// name has a dot): they are kept as written, for a `Template` (a related
/// param, an action) to fill in when it is used.
enum EnvironmentExpander {
    static func expand(_ text: String, environment: [String: String], at node: ConfigNode) throws(ConfigError) -> String {
        guard text.contains("$") else { return text }
        var out = ""
        var rest = text[...]
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.first == "$" {
                out += "$"
                rest = after.dropFirst()
            } else if after.first == "{", let close = after.firstIndex(of: "}") {
                let name = String(after[after.index(after: after.startIndex)..<close])
                if Template.Namespace.allCases.contains(where: { name.hasPrefix($0.rawValue + ".") }) {
                    out += rest[dollar...close]
                    rest = after[after.index(after: close)...]
                    continue
                }
                if name.contains(".") {
                    // No shell variable has a dot: a mistyped template namespace.
                    do { _ = try Template("${\(name)}") } catch { throw node.error(error.description) }
                }
                guard let value = environment[name] else {
                    throw node.error("environment variable \(name) is not set")
                }
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "$"
                rest = after
            }
        }
        out += rest
        return out
    }
}
