import RowboatSpec

/// What the app knows of each endpoint of the config, tab or not: its
/// title, how it pages and its related items.
public struct EndpointInfo: Sendable, Equatable {
    public var title: String
    /// How it pages: the state's one copy. Every list of the endpoint (its
    /// tab's, a related strip's) starts from it (`startingList`) and the
    /// list reducer is given it (`AppState.paging(of:)`); no list keeps it.
    public var paging: Paging
    public var related: RelatedSpec?
    /// What can be done to its rows (the config's actions, or a kit
    /// program's), in the order the sheet lists them.
    public var actions: [ActionSpec]
    /// Its rows' detail comes from a loader of its own when it opens (a
    /// kit's detail hook), not from the row alone.
    public var loadsDetail = false
    /// Its static params, for `${params.…}` in action templates.
    public var params: [String: ParamValue]
    /// The fields it maps (the columns panel lists them; their types
    /// decide how a local sort compares).
    public var fields: [FieldInfo]
    /// The views its config declares (`views:`), shown as sub-tabs.
    public var views: [ViewSpec] = []

    public init(title: String, paging: Paging = Paging(), related: RelatedSpec? = nil, actions: [ActionSpec] = [],
                params: [String: ParamValue] = [:], fields: [FieldInfo] = []) {
        self.title = title
        self.paging = paging
        self.related = related
        self.actions = actions
        self.params = params
        self.fields = fields
    }

    /// A list of this endpoint as it starts: no rows, its first page next,
    /// walking by the endpoint's paging.
    public var startingList: ListState { ListState(paging: paging) }
}
