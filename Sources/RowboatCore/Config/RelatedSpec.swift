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

    /// The params for `row`, templates filled in.
    public func params(for row: RowModel) -> [String: String] {
        params.mapValues { Self.expand($0, row: row) }
    }

    static func expand(_ template: String, row: RowModel) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.range(of: "${item.") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                out += rest[open.lowerBound...]
                return out
            }
            let name = String(rest[open.upperBound..<close])
            out += name == "id" ? row.id : row.text(name, now: 0)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
