import RowboatSpec

/// Parses repeated `--param k=v` arguments into request params: the first
/// `=` splits key from value, and the same key given twice becomes a list
/// (sent as `k=a&k=b`). The value of a credential-named param
/// (`--param api_key=…`) is registered as a secret.
public enum ParamArguments {
    /// A malformed argument, as one line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ arguments: [String]) throws(Failure) -> [String: ParamValue] {
        var out: [String: ParamValue] = [:]
        for argument in arguments {
            guard let eq = argument.firstIndex(of: "=") else {
                throw Failure(description: Sanitizer.clean("--param \"\(argument)\": expected key=value", limit: 300))
            }
            let key = String(argument[..<eq])
            let value = String(argument[argument.index(after: eq)...])
            guard !key.isEmpty else {
                throw Failure(description: Sanitizer.clean("--param \"\(argument)\": the key is empty", limit: 300))
            }
            if CredentialNames.isCredential(key) { Secrets.register([value]) }
            switch out[key] {
            case nil: out[key] = .one(value)
            case .one(let first)?: out[key] = .many([first, value])
            case .many(let list)?: out[key] = .many(list + [value])
            }
        }
        return out
    }
}
