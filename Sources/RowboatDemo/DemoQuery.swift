/// Narrowing and ordering of `GET /api/items`: `q` (text in the title or
/// subtitle, ignoring case), `min_rating`, `max_price` and `sort`
/// (`newest`, the default, `price_asc`, `price_desc`, `rating_desc`,
/// `title`).
public struct DemoQuery: Sendable, Equatable {
    /// Sort orders the demo API knows.
    public enum Sort: String, Sendable, CaseIterable {
        case newest, priceAscending = "price_asc", priceDescending = "price_desc"
        case ratingDescending = "rating_desc", title
    }

    public var text: String?
    public var minRating: Double?
    public var maxPrice: Double?
    public var sort: Sort

    public init(text: String? = nil, minRating: Double? = nil, maxPrice: Double? = nil, sort: Sort = .newest) {
        self.text = text
        self.minRating = minRating
        self.maxPrice = maxPrice
        self.sort = sort
    }

    /// Reads the query params; nil and a message for a value the API does
    /// not accept.
    public static func parse(_ get: (String) -> String?) -> Result<DemoQuery, DemoQueryError> {
        var query = DemoQuery()
        if let q = get("q"), !q.isEmpty { query.text = q }
        if let s = get("min_rating") {
            guard let v = Double(s), v.isFinite else { return .failure(DemoQueryError("invalid min_rating")) }
            query.minRating = v
        }
        if let s = get("max_price") {
            guard let v = Double(s), v.isFinite else { return .failure(DemoQueryError("invalid max_price")) }
            query.maxPrice = v
        }
        if let s = get("sort") {
            guard let sort = Sort(rawValue: s) else { return .failure(DemoQueryError("invalid sort")) }
            query.sort = sort
        }
        return .success(query)
    }

    /// True when nothing narrows or reorders the catalog.
    public var isDefault: Bool { self == DemoQuery() }

    /// The items that pass the filters, in the chosen order.
    public func apply(to items: [DemoItem]) -> [DemoItem] {
        let needle = text?.lowercased()
        var out = items.filter { item in
            if let minRating, item.rating < minRating { return false }
            if let maxPrice, item.price > maxPrice { return false }
            if let needle, !item.title.lowercased().contains(needle), !item.subtitle.lowercased().contains(needle) {
                return false
            }
            return true
        }
        switch sort {
        case .newest: break
        case .priceAscending: out.sort { ($0.price, $0.id) < ($1.price, $1.id) }
        case .priceDescending: out.sort { ($0.price, $1.id) > ($1.price, $0.id) }
        case .ratingDescending: out.sort { ($0.rating, $1.id) > ($1.rating, $0.id) }
        case .title: out.sort { ($0.title, $0.id) < ($1.title, $1.id) }
        }
        return out
    }
}

/// A query param the demo API rejects (answered with 400).
public struct DemoQueryError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
