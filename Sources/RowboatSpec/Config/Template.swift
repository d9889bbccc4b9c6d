/// A config text with `${namespace.name}` placeholders, parsed once:
/// `${item.title}`, `${item.owner.login}` (a field, or a path inside the
/// item), `${marked.id}` (one value per marked row), `${env.USER}`,
/// `${params.q}`. `$$` is a literal dollar. Values are filled in by the
/// caller, who also says how each lands (`TemplateFill`): as a whole
/// argument, percent-encoded in a URL's path or query, or as a typed JSON
/// value; a template never splices text into a structure.
public struct Template: Sendable, Equatable, CustomStringConvertible {
    /// Where a placeholder's value comes from.
    public enum Namespace: String, Sendable, CaseIterable {
        /// A mapped field of the row, or a JSON path inside the item.
        case item
        /// The same field of every marked row (a list).
        case marked
        /// An environment variable.
        case env
        /// The endpoint's params in force (static and the current query).
        case params
    }

    /// One `${…}`.
    public struct Placeholder: Sendable, Hashable, CustomStringConvertible {
        public var namespace: Namespace
        public var name: String

        public init(_ namespace: Namespace, _ name: String) {
            self.namespace = namespace
            self.name = name
        }

        public var description: String { "${\(namespace.rawValue).\(name)}" }
    }

    /// Literal text or a placeholder.
    public enum Part: Sendable, Equatable {
        case text(String)
        case value(Placeholder)
    }

    public let parts: [Part]
    /// The text as written.
    public let source: String

    /// Why a template could not be read.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `text`; a namespace outside `allowed`, an unclosed `${` or an
    /// empty name is a `Problem` that says which.
    public init(_ text: String, allowed: Set<Namespace> = Set(Namespace.allCases)) throws(Problem) {
        source = text
        var parts: [Part] = []
        var literal = ""
        for piece in DollarPieces.of(text) {
            switch piece {
            case .text(let t): literal += t
            case .dollar, .lone: literal += "$"
            case .unclosed:
                throw Problem(description: "\"${\" is not closed in \"\(text)\" (write $$ for a dollar sign)")
            case .reference(let inner, _):
                guard let dot = inner.firstIndex(of: "."), let namespace = Namespace(rawValue: String(inner[..<dot])) else {
                    let word = String(inner.prefix { $0 != "." })
                    let known = Namespace.allCases.map(\.rawValue)
                    let hint = Suggestion.hint(for: word, in: known)
                    throw Problem(description: "unknown template namespace \"\(word)\" in ${\(inner)}\(hint) "
                                  + "(known: \(known.map { "${\($0).…}" }.joined(separator: ", ")))")
                }
                let name = String(inner[inner.index(after: dot)...])
                guard !name.isEmpty else { throw Problem(description: "${\(inner)} names no field") }
                guard allowed.contains(namespace) else {
                    throw Problem(description: "${\(inner)}: \(namespace.rawValue) values are not available here")
                }
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.value(Placeholder(namespace, name)))
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// Every placeholder, in order.
    public var placeholders: [Placeholder] {
        parts.compactMap { if case .value(let p) = $0 { p } else { nil } }
    }

    /// The placeholder when the template is exactly one and nothing else.
    public var soleValue: Placeholder? {
        if parts.count == 1, case .value(let p) = parts[0] { return p }
        return nil
    }

    /// True when it names `${marked.…}`: the action runs once for all marks.
    public var usesMarks: Bool { placeholders.contains { $0.namespace == .marked } }

    public var description: String { source }

    /// The text with each placeholder's value put in by `fill` (which gets
    /// the text before it, so it can tell a URL's path from its query).
    public func render<E: Error>(_ fill: (Placeholder, _ before: String) throws(E) -> String) throws(E) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .value(let p): out += try fill(p, out)
            }
        }
        return out
    }
}
