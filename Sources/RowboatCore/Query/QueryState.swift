import RowboatSpec

/// The filters, sort and server search in force for the browsed endpoint:
/// one chosen option per section (index 0, the default, when untouched) and
/// the search text sent to the server. Their params are merged into every
/// page request.
public struct QueryState: Sendable, Equatable {
    public var options: QueryOptions
    /// Index of the chosen option in each of `options.sections`.
    public var chosen: [Int]
    /// Search text sent in `options.searchParam`; nil when not searching.
    public var serverSearch: String?

    public init(options: QueryOptions = QueryOptions()) {
        self.options = options
        self.chosen = Array(repeating: 0, count: options.sections.count)
    }

    /// The params the choices and the search add to each request. A later
    /// section wins over an earlier one on the same param.
    public var params: [String: String] {
        var out: [String: String] = [:]
        for (section, index) in zip(options.sections, chosen) where section.options.indices.contains(index) {
            out.merge(section.options[index].params) { $1 }
        }
        if let text = serverSearch, let param = options.searchParam { out[param] = text }
        return out
    }

    /// Short labels for the choices that differ from the defaults, and the
    /// search: what the status bar shows.
    public var summary: [String] {
        var parts: [String] = []
        for (section, index) in zip(options.sections, chosen) where index != 0 && section.options.indices.contains(index) {
            parts.append("\(section.title): \(section.options[index].title)")
        }
        if let text = serverSearch { parts.append("search “\(text)”") }
        return parts
    }
}
