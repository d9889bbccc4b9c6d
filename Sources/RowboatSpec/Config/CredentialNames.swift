import Foundation

/// Which header and param names carry credentials (`Authorization`,
/// `X-Api-Key`, `api_key`, `access_token`, `key`, a session cookie …), so
/// their values are treated as secrets wherever they come from: a config
/// written with the value in clear, or a probe given them on its command line.
public enum CredentialNames {
    /// Words that make a name a credential on their own.
    static let words: Set<String> = [
        "auth", "authorization", "token", "secret", "password", "passwd", "pwd", "passphrase", "signature",
        "sig", "session", "sessionid", "sid", "cookie", "credential", "credentials", "bearer", "jwt", "apikey",
        "accesstoken", "apitoken", "otp", "appid",
    ]
    /// Words that make a following `key` a credential (`api_key`, `X-Client-Key`).
    static let keyOwners: Set<String> = ["api", "access", "private", "client", "app", "application", "subscription",
                                         "license", "secret", "auth", "account", "master", "developer", "consumer"]

    /// True when a header or param called `name` holds a credential.
    public static func isCredential(_ name: String) -> Bool {
        let parts = wordsOf(name)
        if parts.contains(where: words.contains) { return true }
        guard let key = parts.firstIndex(of: "key") else { return false }
        return parts.count == 1 || parts[..<key].contains(where: keyOwners.contains)
    }

    /// `X-Api-Key` → [x, api, key]; `accessToken` → [access, token].
    package static func wordsOf(_ name: String) -> [String] {
        var out: [String] = []
        var word = ""
        var previousLower = false
        for ch in name {
            if !(ch.isLetter || ch.isNumber) {
                if !word.isEmpty { out.append(word) }
                word = ""
                previousLower = false
                continue
            }
            if ch.isUppercase && previousLower {
                out.append(word)
                word = ""
            }
            word += ch.lowercased()
            previousLower = ch.isLowercase || ch.isNumber
        }
        if !word.isEmpty { out.append(word) }
        return out
    }

    /// The secret part of a credential header's value: the value itself,
    /// and after an auth scheme (`Bearer x`, `Token x`) the part after it;
    /// for `Basic`, the decoded password too.
    public static func secrets(inHeaderValue value: String) -> [String] {
        var out = [value]
        let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            out.append(parts[1].trimmingCharacters(in: .whitespaces))
            if parts[0].lowercased() == "basic", let data = Data(base64Encoded: parts[1]),
               case let decoded = String(decoding: data, as: UTF8.self),
               let colon = decoded.firstIndex(of: ":") {
                out.append(String(decoded[decoded.index(after: colon)...]))
            }
        }
        return out
    }
}
