/// A named view of an endpoint's list: the server params chosen in the
/// filter panel, the server search, the local filter, the local sort and
/// the columns. Declared in the config (`views:`) or saved from the list
/// (`V`); the same shape either way, and as it is kept on disk: field
/// names, params and typed conditions only — never a row's value.
public struct ViewSpec: Sendable, Equatable, Codable {
    /// One column of a view: its field, and its width when one was set.
    public typealias Column = ChosenColumn
    /// The local sort of a view: by which field, which way.
    public typealias Sort = ChosenSort

    public var name: String
    /// The params of the filter panel's choices (the options whose params
    /// these are get chosen; a section with none keeps its default).
    public var params: [String: String]
    /// The text sent in the endpoint's search param (nil: no search).
    public var search: String?
    /// The local filter's conditions, as typed: `price > 100`,
    /// `city = Lisbon`, `title ~ brass` (`ViewCondition`), or `jq: …`.
    public var filter: [String]
    public var sort: Sort?
    /// The columns shown, in order (nil: the config's).
    public var columns: [Column]?

    public init(name: String, params: [String: String] = [:], search: String? = nil, filter: [String] = [],
                sort: Sort? = nil, columns: [Column]? = nil) {
        self.name = name
        self.params = params
        self.search = search
        self.filter = filter
        self.sort = sort
        self.columns = columns
    }

    /// The longest name kept.
    public static let maxNameCharacters = 40
}

/// One typed condition of a view's local filter: `price > 100` is the
/// field, its relation (`=`, `~`, `<`, `>`) and the value. A field whose
/// name has a space, a quote or a relation in it (an expression column's,
/// `jq: .price * 2`) is written in double quotes, `\"` and `\\` inside:
/// `"jq: .price * 2" > 100`.
public struct ViewCondition: Sendable, Equatable {
    public var field: String
    public var relation: Character
    public var value: String

    public static let relations: Set<Character> = ["=", "~", "<", ">"]

    public init(field: String, relation: Character, value: String) {
        self.field = field
        self.relation = relation
        self.value = value
    }

    /// The condition `text` says, or nil when it is not one (no relation,
    /// no field, a quoted field not closed).
    public init?(_ text: String) {
        let text = Substring(text).drop { $0 == " " || $0 == "\t" }
        let field: String, rest: Substring
        if text.first == "\"" {
            guard let (name, after) = Self.quoted(text) else { return nil }
            let tail = after.drop { $0 == " " || $0 == "\t" }
            guard let sign = tail.first, Self.relations.contains(sign) else { return nil }
            field = name
            rest = tail
        } else {
            guard let at = text.firstIndex(where: { Self.relations.contains($0) }) else { return nil }
            let name = text[..<at].trimmingWhitespace()
            guard !name.contains(" ") else { return nil }
            field = String(name)
            rest = text[at...]
        }
        guard !field.isEmpty, let relation = rest.first else { return nil }
        self.init(field: field, relation: relation, value: String(rest.dropFirst().trimmingWhitespace()))
    }

    public var text: String { "\(Self.written(field)) \(relation) \(value)" }

    /// `field` as a condition's text writes it: quoted when it has a space,
    /// a quote, a backslash or a relation in it.
    static func written(_ field: String) -> String {
        guard field.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || relations.contains($0) })
        else { return field }
        var out = "\""
        for c in field {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// The name in the double quotes `text` begins with, and what follows them.
    static func quoted(_ text: Substring) -> (String, Substring)? {
        var name = ""
        var i = text.index(after: text.startIndex)
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { return (name, text[text.index(after: i)...]) }
            if c == "\\" {
                i = text.index(after: i)
                guard i < text.endIndex else { return nil }
            }
            name.append(text[i])
            i = text.index(after: i)
        }
        return nil
    }
}
