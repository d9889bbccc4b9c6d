/// One product in the demo catalog, serialized with the JSON keys the demo
/// API uses (`created_at` in snake case, everything else as named).
public struct DemoItem: Sendable, Equatable, Codable {
    public var id: Int
    public var title: String
    public var subtitle: String
    /// Price with two decimals, e.g. 12.5 for 12.50.
    public var price: Double
    /// Rating 1.0...5.0 with one decimal.
    public var rating: Double
    /// Creation time in epoch seconds; newer items have smaller ids.
    public var createdAt: Int
    /// Absolute URL of the item's image (`.png` for odd ids, `.jpg` for even).
    public var image: String
    /// Two to four sentences of long text for the detail view.
    public var description: String
    /// The item's own page on the server (`/api/items/{id}`), for "open link".
    public var link: String
    /// "for sale", or "sold" once a client marked it so (`POST
    /// /api/items/{id}/sold`; `DELETE` puts it back).
    public var status: String = DemoItem.forSale

    /// The status every item starts with.
    public static let forSale = "for sale"

    public init(
        id: Int, title: String, subtitle: String, price: Double, rating: Double,
        createdAt: Int, image: String, description: String, link: String
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.price = price
        self.rating = rating
        self.createdAt = createdAt
        self.image = image
        self.description = description
        self.link = link
    }

    enum CodingKeys: String, CodingKey {
        case id, title, subtitle, price, rating, image, description, link, status
        case createdAt = "created_at"
    }
}
