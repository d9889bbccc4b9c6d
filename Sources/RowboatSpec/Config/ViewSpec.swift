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
/// field, its relation (`=`, `~`, `<`, `>`) and the value.
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
    /// no field).
    public init?(_ text: String) {
        guard let at = text.firstIndex(where: { Self.relations.contains($0) }) else { return nil }
        let field = text[..<at].trimmingWhitespace()
        let value = text[text.index(after: at)...].trimmingWhitespace()
        guard !field.isEmpty, !field.contains(" ") else { return nil }
        self.init(field: String(field), relation: text[at], value: String(value))
    }

    public var text: String { "\(field) \(relation) \(value)" }
}
