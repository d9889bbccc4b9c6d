import Yams
import RowboatSpec

/// The secret values of a config: what `auth:` holds, values of headers
/// and params whose names carry credentials (`CredentialNames`), and every
/// `${ENV}` value used in headers, params, bodies or auth. They become
/// `RowboatConfig.secrets`, registered with `Secrets` when the config is
/// put to use.
enum ConfigSecrets {
    /// The parts of a config whose `${ENV}` values are secrets.
    static let secretSections: Set<String> = ["headers", "params", "body", "auth", "subscribe"]

    static func of(_ config: RowboatConfig, root: ConfigNode?) -> [String] {
        var out = config.auth?.secrets ?? []
        func headers(_ map: [String: String]) {
            for (name, value) in map where CredentialNames.isCredential(name) {
                out += CredentialNames.secrets(inHeaderValue: value)
            }
        }
        headers(config.communication.headers)
        for endpoint in config.endpoints {
            headers(endpoint.headers)
            for (name, value) in endpoint.params where CredentialNames.isCredential(name) {
                out += value.values
            }
        }
        if let root { out += environmentValues(root.node, environment: root.environment, inSecretSection: false) }
        var seen = Set<String>()
        return out.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The environment values that `${NAME}`s under a secret section expand to.
    static func environmentValues(_ node: Node, environment: [String: String], inSecretSection: Bool) -> [String] {
        switch node {
        case .scalar(let s):
            guard inSecretSection else { return [] }
            return referencedNames(s.string).compactMap { environment[$0] }
        case .mapping(let m):
            return m.flatMap { key, value in
                let inside = inSecretSection || key.string.map(secretSections.contains) == true
                return environmentValues(value, environment: environment, inSecretSection: inside)
            }
        case .sequence(let s):
            return s.flatMap { environmentValues($0, environment: environment, inSecretSection: inSecretSection) }
        case .alias:
            return []
        }
    }

    /// Each secret section's `${NAME}` value → NAME (the first name of a value).
    static func variables(_ root: ConfigNode) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ node: Node, inSecretSection: Bool) {
            switch node {
            case .scalar(let s):
                guard inSecretSection else { return }
                for name in referencedNames(s.string) {
                    if let value = root.environment[name], !value.isEmpty, out[value] == nil { out[value] = name }
                }
            case .mapping(let m):
                for (key, value) in m {
                    walk(value, inSecretSection: inSecretSection || key.string.map(secretSections.contains) == true)
                }
            case .sequence(let s):
                for item in s { walk(item, inSecretSection: inSecretSection) }
            case .alias:
                return
            }
        }
        walk(root.node, inSecretSection: false)
        return out
    }

    /// The names in `${NAME}` references of `text` (not `$${…}`, not templates).
    static func referencedNames(_ text: String) -> [String] {
        DollarPieces.of(text).compactMap { piece in
            if case .reference(let name, _) = piece, !DollarPieces.isTemplate(name) { return name }
            return nil
        }
    }
}
