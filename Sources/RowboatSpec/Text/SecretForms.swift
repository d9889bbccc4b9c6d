import Foundation

/// The forms a secret can take in text that reaches us: as written, and
/// percent-encoded (either hex case, form-encoded, a query's allowed set),
/// base64 and base64url at each of the three byte alignments it can sit at
/// inside a longer encoded string, hex, JSON-escaped, and as the sanitizer
/// leaves it (line breaks flattened, invisible characters dropped). Each
/// form is a byte string to look for; `SecretRedactor` looks for them all.
public enum SecretForms {
    /// Shortest secret taken: a shorter value would be found everywhere.
    public static let minimumSecretLength = 3
    /// Shortest base64 piece looked for: a shorter one is noise.
    public static let minimumBase64Length = 4
    /// Shortest cut piece of a form looked for at the ends of a text.
    public static let minimumPieceLength = 6

    /// Every form of `secret`, longest first, without repeats.
    public static func of(_ secret: String) -> [[UInt8]] {
        guard secret.count >= minimumSecretLength else { return [] }
        var forms: [String] = [secret]
        forms += percentForms(secret)
        let hex = Array(secret.utf8).map { String(format: "%02x", $0) }.joined()
        forms += [hex, hex.uppercased()]
        let json = String(DoubleQuoted.literal(secret).dropFirst().dropLast())
        forms += [json, json.replacingOccurrences(of: "/", with: "\\/")]
        forms.append(Sanitizer.strip(secret))
        forms = forms.filter { $0.utf8.count >= minimumSecretLength }
        forms += base64Forms(Array(secret.utf8)).filter { $0.utf8.count >= minimumBase64Length }
        var seen = Set<[UInt8]>()
        return forms.map { Array($0.utf8) }.filter { seen.insert($0).inserted }.sorted { $0.count > $1.count }
    }

    /// Percent-encoded forms: unreserved bytes kept (upper- and lower-case
    /// hex), the same with `+` for spaces (form bodies), and Foundation's
    /// query-allowed set (what URLComponents writes).
    static func percentForms(_ secret: String) -> [String] {
        var out: [String] = []
        if let upper = secret.addingPercentEncoding(withAllowedCharacters: URLEncoding.unreserved) {
            out.append(upper)
            out.append(lowercasingHex(upper))
            let form = secret.replacingOccurrences(of: " ", with: "+")
                .addingPercentEncoding(withAllowedCharacters: URLEncoding.unreserved.union(["+"]))
            if let form { out.append(form) }
        }
        if let query = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) { out.append(query) }
        return out
    }

    /// `%2F` → `%2f`: the hex digits after each `%` in lower case.
    static func lowercasingHex(_ encoded: String) -> String {
        var out = ""
        var hexLeft = 0
        for ch in encoded {
            if ch == "%" {
                hexLeft = 2
                out.append(ch)
            } else if hexLeft > 0 {
                out += ch.lowercased()
                hexLeft -= 1
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// The base64 (and base64url) characters that `bytes` always turn into,
    /// wherever they sit in a longer encoded run: for each of the three
    /// alignments, the encoding of the bytes behind that many bytes of
    /// padding, without the characters that also depend on the bytes
    /// before or after. Alignment 0 is also kept whole, with its padding.
    static func base64Forms(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        for lead in 0..<3 {
            let padded = [UInt8](repeating: 0, count: lead) + bytes
            let encoded = Array(Data(padded).base64EncodedString())
            // Characters touched by the lead bytes: 0, 2 or 3.
            let skip = [0, 2, 3][lead]
            // Characters fully decided by our bytes at the end.
            let whole = padded.count / 3 * 4 + padded.count % 3
            guard whole > skip else { continue }
            let core = String(encoded[skip..<whole])
            out.append(core)
            if lead == 0 { out.append(String(encoded)) }
        }
        let url = out.map { $0.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "") }
        return out + url
    }
}
