/// A request as a curl command a POSIX shell reads back exactly ("Copy as
/// curl"): `curl` with `-X` for a method other than GET, `-H` for each
/// header, `--data-raw` for a body, and the URL, each word quoted by
/// `ShellWords`. A secret (a config's credential) is never written: a word
/// holding one is put in double quotes with `$VARIABLE` in its place — the
/// variable it came from (`SecretValues.variables`), else `ROWBOAT_SECRET`
/// — so the shell fills it in from the user's environment.
public enum CurlWriter {
    /// Headers every request carries that say who the client is: left out.
    static let clientHeaders: Set<String> = ["user-agent", "x-client-name", "x-client-version", "x-client-os"]

    public static func command(_ spec: RequestSpec, secrets: SecretValues) -> String {
        var words: [String] = ["curl"]
        if spec.method != .get { words += ["-X", spec.method.rawValue] }
        for (name, value) in spec.headers where !clientHeaders.contains(name.lowercased()) {
            words += ["-H", word("\(name): \(value)", secrets)]
        }
        if let body = spec.body {
            words += ["--data-raw", word(String(decoding: body, as: UTF8.self), secrets)]
        }
        words.append(word(spec.url, secrets))
        return words.joined(separator: " ")
    }

    /// `text` quoted as a shell word; one holding a secret in double quotes
    /// with `${NAME}` in the secret's place.
    static func word(_ text: String, _ secrets: SecretValues) -> String {
        let found = secrets.values.filter { !$0.isEmpty && text.contains($0) }.sorted { $0.count > $1.count }
        guard !found.isEmpty else { return ShellWords.quote(text) }
        var pieces: [(String, Bool)] = [(text, false)]
        for secret in found {
            pieces = pieces.flatMap { piece, isSecret -> [(String, Bool)] in
                guard !isSecret else { return [(piece, true)] }
                let parts = piece.components(separatedBy: secret)
                var out: [(String, Bool)] = []
                for (i, part) in parts.enumerated() {
                    if i > 0 { out.append((secret, true)) }
                    if !part.isEmpty { out.append((part, false)) }
                }
                return out
            }
        }
        var out = "\""
        for (piece, isSecret) in pieces {
            if isSecret {
                out += "${" + (secrets.variables[piece] ?? "ROWBOAT_SECRET") + "}"
                continue
            }
            for scalar in piece.unicodeScalars {
                switch scalar {
                case "\"", "\\", "$", "`": out += "\\" + String(scalar)
                default:
                    // A control or invisible character cannot sit in double quotes: the word goes back to $'…' quoting for it.
                    if Sanitizer.classify(scalar) != .keep { out += "\"" + ShellWords.quote(String(scalar)) + "\"" } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out + "\""
    }
}
