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
    /// Fewest bytes of a secret a cut piece must carry to be taken out
    /// (six characters of the secret as written; more of its hex and base64).
    public static let minimumPieceLength = 6

    /// One form of a secret: the bytes to look for, and the shortest cut
    /// piece of it that counts (`leastPiece`): a piece that carries at
    /// least `minimumPieceLength` bytes of the secret. Hex spends two
    /// characters on a byte and base64 four on three, so their pieces are
    /// longer: six hex digits would be found in any list of numbers.
    public struct Form: Hashable, Sendable {
        public let bytes: [UInt8]
        public let leastPiece: Int
    }

    /// Every form of `secret`, longest first, without repeats (a form
    /// written two ways keeps the shorter least piece).
    public static func of(_ secret: String) -> [Form] {
        guard secret.count >= minimumSecretLength else { return [] }
        let piece = minimumPieceLength
        var forms: [(String, Int)] = [(secret, piece)]
        forms += percentForms(secret).map { ($0, piece) }
        let hex = Array(secret.utf8).map { String(format: "%02x", $0) }.joined()
        forms += [(hex, 2 * piece), (hex.uppercased(), 2 * piece)]
        let json = String(DoubleQuoted.literal(secret).dropFirst().dropLast())
        forms += [(json, piece), (json.replacingOccurrences(of: "/", with: "\\/"), piece)]
        forms.append((Sanitizer.strip(secret), piece))
        forms = forms.filter { $0.0.utf8.count >= minimumSecretLength }
        forms += base64Forms(Array(secret.utf8)).filter { $0.utf8.count >= minimumBase64Length }
            .map { ($0, (piece * 4 + 2) / 3) }
        var least: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        for (text, leastPiece) in forms {
            let bytes = Array(text.utf8)
            if let known = least[bytes] {
                least[bytes] = min(known, leastPiece)
            } else {
                least[bytes] = leastPiece
                order.append(bytes)
            }
        }
        return order.map { Form(bytes: $0, leastPiece: least[$0]!) }.sorted { $0.bytes.count > $1.bytes.count }
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
