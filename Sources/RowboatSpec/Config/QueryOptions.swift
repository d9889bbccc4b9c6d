/// One choice in a filter or sort section: a title and the request params
/// it adds. An option with no params is "any": it narrows nothing.
public struct QueryOption: Sendable, Equatable {
    public var title: String
    public var params: [String: String]

    public init(title: String, params: [String: String] = [:]) {
        self.title = title
        self.params = params
    }

    /// True for the option that adds no params ("any").
    public var isAny: Bool { params.isEmpty }
}

/// A titled group of options of which exactly one is chosen (a condition
/// such as "Rating", or the sort order). The first option is the default.
public struct QuerySection: Sendable, Equatable {
    public var title: String
    public var options: [QueryOption]

    public init(title: String, options: [QueryOption]) {
        self.title = title
        self.options = options
    }
}

/// What an endpoint lets the user narrow and order: filter sections, an
/// optional sort section, and the param a server-side search is sent in.
public struct QueryOptions: Sendable, Equatable {
    public var filters: [QuerySection]
    public var sort: QuerySection?
    /// Request param for the search text; nil when the endpoint cannot search
    /// on the server (then `/` only filters the loaded rows).
    public var searchParam: String?

    public init(filters: [QuerySection] = [], sort: QuerySection? = nil, searchParam: String? = nil) {
        self.filters = filters
        self.sort = sort
        self.searchParam = searchParam
    }

    /// Filter sections, then the sort section: the order the panel shows.
    public var sections: [QuerySection] { filters + (sort.map { [$0] } ?? []) }

    /// True when there is nothing to choose.
    public var isEmpty: Bool { sections.isEmpty }
}
