import Foundation
import RowboatSpec

/// The credentials a probe was given (credential-named headers such as
/// `Authorization` or `X-Api-Key`, and query params such as `api_key`,
/// as `CredentialNames` tells them), as a draft writes them: one `auth:`
/// section for the first that `auth` can carry, headers and params for the
/// rest, every one reading a named environment variable. The values live
/// only in `environment` (to load the draft in memory as the probe walks
/// it); the text never holds them.
public struct ProbeCredentials: Sendable, Equatable {
    /// The top-level `auth:` section, or nothing.
    public var authLines: [String] = []
    /// Endpoint headers that read a variable (`Authorization: "token ${API_TOKEN}"`), as YAML values.
    public var headers: [(name: String, yaml: String)] = []
    /// Endpoint params that read a variable, as YAML values.
    public var params: [(name: String, yaml: String)] = []
    /// Each variable → the value the probe was given.
    public var environment: [String: String] = [:]
    /// The variables in the order they are named.
    public var variables: [String] = []
    /// What was given, for the draft's comment (`header Authorization`).
    public var given: [String] = []
    /// Header names (lowercased) and query param names the credentials took.
    public var headerNames: Set<String> = []
    public var paramNames: Set<String> = []

    public static func == (a: ProbeCredentials, b: ProbeCredentials) -> Bool {
        a.authLines == b.authLines && a.headers.map { "\($0.name)=\($0.yaml)" } == b.headers.map { "\($0.name)=\($0.yaml)" }
            && a.params.map { "\($0.name)=\($0.yaml)" } == b.params.map { "\($0.name)=\($0.yaml)" }
            && a.environment == b.environment && a.variables == b.variables && a.given == b.given
    }

    /// The credentials among `headers` and the query of `url`. A value the
    /// user wrote as `${NAME}` (`references`: name → its value) keeps its
    /// name; others get `API_TOKEN`, `API_USER` and `API_PASSWORD`,
    /// `API_KEY`, or a name made from the header's or param's.
    public static func from(headers: [(String, String)], url: String,
                            references: [String: String] = [:]) -> ProbeCredentials {
        var out = ProbeCredentials()
        func variable(_ preferred: String, for value: String) -> String {
            if let named = references.first(where: { $0.value == value && !value.isEmpty })?.key,
               !out.variables.contains(named) || out.environment[named] == value {
                if !out.variables.contains(named) { out.variables.append(named) }
                out.environment[named] = value
                return named
            }
            var name = preferred
            var n = 2
            while out.environment[name] != nil && out.environment[name] != value { name = "\(preferred)_\(n)"; n += 1 }
            if out.environment[name] == nil { out.variables.append(name) }
            out.environment[name] = value
            return name
        }
        for (name, value) in headers where CredentialNames.isCredential(name) {
            out.given.append("header \(name)")
            out.headerNames.insert(name.lowercased())
            let lower = name.lowercased()
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            let scheme = parts.count == 2 ? parts[0].lowercased() : ""
            if lower == "authorization", out.authLines.isEmpty, scheme == "bearer" {
                let v = variable("API_TOKEN", for: parts[1].trimmingCharacters(in: .whitespaces))
                out.authLines = ["auth:", "  type: bearer", "  token: \(reference(v))"]
            } else if lower == "authorization", out.authLines.isEmpty, scheme == "basic",
                      let data = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
                      let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":") {
                let user = variable("API_USER", for: String(decoded[..<colon]))
                let password = variable("API_PASSWORD", for: String(decoded[decoded.index(after: colon)...]))
                out.authLines = ["auth:", "  type: basic", "  username: \(reference(user))", "  password: \(reference(password))"]
            } else if lower != "authorization", lower != "cookie", out.authLines.isEmpty {
                let v = variable("API_KEY", for: value)
                out.authLines = ["auth:", "  type: apiKey", "  in: header", "  name: \(YAMLScalar.value(name))",
                                 "  value: \(reference(v))"]
            } else if parts.count == 2, lower == "authorization" {
                // `token x`, `Bot x`, or a second Authorization: the scheme kept, the secret a variable.
                let v = variable(scheme == "bearer" ? "API_TOKEN" : "API_\(envName(scheme))_TOKEN",
                                 for: parts[1].trimmingCharacters(in: .whitespaces))
                out.headers.append((name, template(parts[0] + " ", v)))
            } else {
                let v = variable(lower == "cookie" ? "API_COOKIE" : envName(name), for: value)
                out.headers.append((name, template("", v)))
            }
        }
        for item in URLComponents(string: url)?.queryItems ?? [] where CredentialNames.isCredential(item.name) {
            guard !out.paramNames.contains(item.name) else { continue }
            out.given.append("query param \(item.name)")
            out.paramNames.insert(item.name)
            let value = item.value ?? ""
            if out.authLines.isEmpty {
                let v = variable("API_KEY", for: value)
                out.authLines = ["auth:", "  type: apiKey", "  in: query", "  name: \(YAMLScalar.value(item.name))",
                                 "  value: \(reference(v))"]
            } else {
                out.params.append((item.name, template("", variable(envName(item.name), for: value))))
            }
        }
        return out
    }

    /// True when there is nothing to write.
    public var isEmpty: Bool { given.isEmpty }

    /// The comment over the draft's credentials: which variables to set.
    public var commentLines: [String] {
        guard !isEmpty else { return [] }
        let names = variables.joined(separator: ", ")
        return [Sanitizer.clean("# The probe was given \(given.count == 1 ? "a credential" : "\(given.count) credentials") "
                                + "(\(given.joined(separator: ", "))); none is written here.", limit: 400),
                Sanitizer.clean("# Set \(names) in the environment before you use this file.", limit: 400)]
    }

    /// `"${NAME}"` as a YAML value.
    static func reference(_ name: String) -> String { "\"${\(name)}\"" }

    /// `prefix` (its `$` kept literal) then `${name}`, as a quoted YAML value.
    static func template(_ prefix: String, _ name: String) -> String {
        YAMLScalar.quoted(prefix.replacingOccurrences(of: "$", with: "$$") + "${\(name)}", allowPlain: false)
    }

    /// `X-Api-Key` → `X_API_KEY`, `apiKey` → `API_KEY`: a shell variable name.
    static func envName(_ name: String) -> String {
        let words = CredentialNames.wordsOf(name).joined(separator: "_").uppercased()
        var out = String(words.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        while out.contains("__") { out = out.replacingOccurrences(of: "__", with: "_") }
        out = out.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        if out.isEmpty || out.first!.isNumber { out = "API_" + out }
        return out
    }
}
