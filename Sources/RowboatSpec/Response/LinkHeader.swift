import Foundation

/// Reads an HTTP `Link` header (RFC 8288): `<url>; rel="next", <url>; rel="last"`.
public enum LinkHeader {
    /// The target of the first link whose `rel` includes `rel` (case-insensitive),
    /// as written (possibly relative); nil when there is none.
    public static func target(rel: String, in value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = String(rest[rest.index(after: open)..<close])
            // The parameters run to the next comma outside quotes.
            var index = rest.index(after: close)
            var inQuotes = false
            while index < rest.endIndex {
                let c = rest[index]
                if c == "\"" { inQuotes.toggle() } else if c == "," && !inQuotes { break }
                index = rest.index(after: index)
            }
            let params = rest[rest.index(after: close)..<index]
            if relations(in: params).contains(rel.lowercased()) {
                return target.trimmingCharacters(in: .whitespaces)
            }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return nil
    }

    /// The space-separated values of the `rel` parameters in `params`, lowercased.
    static func relations(in params: Substring) -> [String] {
        var out: [String] = []
        for param in params.split(separator: ";") {
            let parts = param.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                  parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\"") { value.removeFirst() }
            if value.hasSuffix("\"") { value.removeLast() }
            out += value.lowercased().split(separator: " ").map(String.init)
        }
        return out
    }
}
