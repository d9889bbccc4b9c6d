/// A config text cut at its `$`s, as the environment expander, templates
/// and the secret finder all read it: plain text, `$$` (a dollar sign),
/// `${…}` (a reference, by what is inside), a `${` never closed, and a `$`
/// that is none of these.
package enum DollarPieces {
    package enum Piece: Equatable {
        case text(Substring)
        /// `$$`.
        case dollar
        /// `${name}`: the name, and the text as written.
        case reference(String, raw: Substring)
        /// `${` with no `}` after it: the rest of the text.
        case unclosed(Substring)
        /// A `$` followed by neither `$` nor `{`.
        case lone
    }

    package static func of(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text[...]
        while let dollar = rest.firstIndex(of: "$") {
            if dollar > rest.startIndex { pieces.append(.text(rest[..<dollar])) }
            let after = rest[rest.index(after: dollar)...]
            if after.first == "$" {
                pieces.append(.dollar)
                rest = after.dropFirst()
            } else if after.first == "{" {
                guard let close = after.firstIndex(of: "}") else {
                    pieces.append(.unclosed(rest[dollar...]))
                    return pieces
                }
                pieces.append(.reference(String(after[after.index(after: after.startIndex)..<close]), raw: rest[dollar...close]))
                rest = after[after.index(after: close)...]
            } else {
                pieces.append(.lone)
                rest = after
            }
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }

    /// True for a name a `Template` reads (`item.id`, `env.USER`): not an
    /// environment variable (no shell name has a dot).
    package static func isTemplate(_ name: String) -> Bool {
        Template.Namespace.allCases.contains { name.hasPrefix($0.rawValue + ".") }
    }
}
