/// A favorited item: its endpoint, id, the row as JSON and when it was added.
public struct Favorite: Sendable, Equatable {
    public var endpoint: String
    public var itemID: String
    public var rowJSON: String
    public var addedAt: Double

    public init(endpoint: String, itemID: String, rowJSON: String, addedAt: Double) {
        self.endpoint = endpoint
        self.itemID = itemID
        self.rowJSON = rowJSON
        self.addedAt = addedAt
    }
}
