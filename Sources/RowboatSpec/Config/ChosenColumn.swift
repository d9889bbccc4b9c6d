/// A column a user chose to show: its field, and its width when one was
/// set (nil: the config's). What a saved view and a kept column layout
/// both hold, written as `{"field": …, "width": …}`.
public struct ChosenColumn: Sendable, Equatable, Codable {
    public var field: String
    /// Cells, when the user set it.
    public var width: Int?

    public init(field: String, width: Int? = nil) {
        self.field = field
        self.width = width
    }
}

/// A local sort a user chose: by which field, which way. What a saved view
/// and a kept column layout both hold, written as
/// `{"field": …, "descending": …}` (`price`, `-price` in a config).
public struct ChosenSort: Sendable, Equatable, Codable {
    public var field: String
    public var descending: Bool

    public init(field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// `price` ascending, `-price` descending (the config's form).
    public init?(_ text: String) {
        let descending = text.hasPrefix("-")
        let field = String(descending ? text.dropFirst() : Substring(text))
        guard !field.isEmpty, !field.contains(" ") else { return nil }
        self.init(field: field, descending: descending)
    }

    public var text: String { descending ? "-" + field : field }
}
