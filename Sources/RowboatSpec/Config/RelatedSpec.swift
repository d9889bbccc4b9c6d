/// An endpoint's related items: another endpoint of the config, asked with
/// params taken from the item (`{endpoint: reviews, params: {item: "${item.id}"}}`),
/// shown as a strip of cards in the item's detail.
public struct RelatedSpec: Sendable, Equatable {
    /// The related endpoint's key.
    public var endpoint: String
    /// Param templates: `${item.id}` is the item's id, `${item.FIELD}` a
    /// mapped field's text; anything else is sent as written.
    public var params: [String: String]
    /// The strip's heading; nil: the related endpoint's title.
    public var title: String?

    public init(endpoint: String, params: [String: String] = [:], title: String? = nil) {
        self.endpoint = endpoint
        self.params = params
        self.title = title
    }

    /// The params for `row`, templates filled in with the server's text
    /// (`ActionFields.value`; the loader has checked that each names only
    /// `${item.…}`). A field the row lacks is empty.
    public func params(for row: RowModel) -> [String: String] {
        params.mapValues { text in
            guard let template = try? Template(text, allowed: [.item]) else { return text }
            return template.render { (p: Template.Placeholder, _) throws(Never) in
                ActionFields.value(of: row, p.name) ?? ""
            }
        }
    }

    /// The item fields its params read.
    public var itemFields: [String] {
        params.keys.sorted().flatMap { key in
            ((try? Template(params[key]!, allowed: [.item]))?.placeholders ?? []).map(\.name)
        }
    }
}
