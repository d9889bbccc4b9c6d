import Foundation
import RowboatSpec

/// A filter or sort section's options from an enum param: one per request, titled in the document's words.
extension OpenAPIEndpoint {
    /// A filter or sort section's options for an enum param's `values`:
    /// one per distinct request. When the param's `default` is one of the
    /// values, sending it is the same request as sending nothing: its
    /// option comes first and sends nothing, under its own title. Otherwise
    /// the first option sends nothing under `none` ("Any", "Default": the
    /// server's own choice). Titles are what the document calls each value
    /// (`optionTitle`); two values that read alike show their text too.
    static func options(_ values: [String], titles: [String: [OpenAPISchema.EnumTitle]], defaultValue: String?,
                        none: String, sort: Bool) -> [(title: String, value: String?)] {
        var unique: [String] = []
        for v in values where !unique.contains(v) { unique.append(v) }
        unique = Array(unique.prefix(maxOptions))
        func title(_ v: String) -> String { optionTitle(v, titles: titles[v] ?? [], sort: sort) }
        var out: [(title: String, value: String?)]
        if let d = defaultValue, unique.contains(d) {
            out = [(title(d), nil)] + unique.filter { $0 != d }.map { (title($0), $0) }
        } else {
            out = [(none, nil)] + unique.map { (title($0), $0) }
        }
        var counts: [String: Int] = [:]
        for o in out { counts[o.title.lowercased(), default: 0] += 1 }
        return out.map { o in
            guard counts[o.title.lowercased(), default: 0] > 1, let raw = o.value ?? defaultValue, raw != o.title else { return o }
            return ("\(o.title) (\(raw))", o.value)
        }
    }

    /// What to call enum value `value` in a section: the document's words
    /// for it (a branch's title, `x-enum-descriptions`) when short enough to
    /// be an option's title, else its code name (`x-enumNames`) or the value
    /// itself made words (`price_asc` → "Price (ascending)" in a sort,
    /// `-created` → "Created (descending)", `for_sale` → "For sale").
    static func optionTitle(_ value: String, titles: [OpenAPISchema.EnumTitle], sort: Bool) -> String {
        for case .words(let w) in titles {
            let words = w.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let trimmed = words.hasSuffix(".") && !words.hasSuffix("..") ? String(words.dropLast()) : words
            if !trimmed.isEmpty, trimmed.count <= maxOptionTitle { return trimmed }
        }
        for case .codeName(let name) in titles { return humanised(name, sort: sort) }
        return humanised(value, sort: sort)
    }

    /// Option titles longer than this are not taken from descriptions.
    static let maxOptionTitle = 40

    /// A value or code name made words, the first capitalised (an acronym
    /// such as `US` kept; a value all in capitals lowered first); in a sort
    /// a leading `-`/`+` or a last word `asc`/`desc` is the direction. A
    /// value that is not a code name (`4.5`, `a/b`) is shown as it is.
    static func humanised(_ raw: String, sort: Bool) -> String {
        var text = raw.trimmingCharacters(in: .whitespaces)
        var direction: String?
        if sort, let first = text.first, first == "-" || first == "+", text.count > 1 {
            direction = first == "-" ? "descending" : "ascending"
            text.removeFirst()
        }
        func directed(_ title: String) -> String { direction.map { "\(title) (\($0))" } ?? title }
        guard text.contains(where: \.isLetter),
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " }) else { return directed(text) }
        let allCaps = !text.contains(where: \.isLowercase)
        var words: [String] = []
        var current = ""
        var previous: Character?
        for c in text {
            if c == "_" || c == "-" || c == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let p = previous, p.isLowercase, c.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(c)
            previous = c
        }
        if !current.isEmpty { words.append(current) }
        words = words.map { w in !allCaps && w.count <= 4 && w.count > 1 && !w.contains(where: \.isLowercase) ? w : w.lowercased() }
        if sort, words.count > 1, let last = words.last?.lowercased() {
            if ["asc", "ascending"].contains(last) { direction = "ascending"; words.removeLast() }
            else if ["desc", "descending"].contains(last) { direction = "descending"; words.removeLast() }
        }
        guard !words.isEmpty else { return raw }
        let title = words.joined(separator: " ")
        return directed(title.prefix(1).uppercased() + title.dropFirst())
    }
}
