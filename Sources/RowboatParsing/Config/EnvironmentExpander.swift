import RowboatSpec
/// Expands `${NAME}` in config values from the environment so secrets stay
/// out of files. `$$` is a literal dollar. `${item.FIELD}`, `${marked.…}`,
/// `${env.…}` and `${params.…}` are not environment variables (no shell
/// name has a dot): they are kept as written, for a `Template` (a related
/// param, an action) to fill in when it is used.
enum EnvironmentExpander {
    static func expand(_ text: String, environment: [String: String], at node: ConfigNode) throws(ConfigError) -> String {
        guard text.contains("$") else { return text }
        var out = ""
        for piece in DollarPieces.of(text) {
            switch piece {
            case .text(let t): out += t
            case .dollar, .lone: out += "$"
            case .unclosed(let raw): out += raw
            case .reference(let name, let raw):
                if DollarPieces.isTemplate(name) {
                    out += raw
                    continue
                }
                if name.contains(".") {
                    // No shell variable has a dot: a mistyped template namespace.
                    do { _ = try Template("${\(name)}") } catch { throw node.error(error.description) }
                }
                guard let value = environment[name] else { throw node.error("environment variable \(name) is not set") }
                out += value
            }
        }
        return out
    }
}
