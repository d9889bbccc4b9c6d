/// A table column: the field it shows, its title, and its width — a fixed
/// number of cells, or a share of what is left (with a minimum).
public struct ListColumn: Sendable, Equatable {
    /// The field it shows (`title`, `subtitle` or a field's name).
    public var field: String
    /// Its header.
    public var title: String
    /// A fixed width in cells (nil: a share of what is left).
    public var width: Int?
    /// Its share of the room left by fixed columns.
    public var weight: Int
    /// The fewest cells a shared column gets.
    public var minimum: Int
    /// Right-aligned (numbers, sizes).
    public var alignRight: Bool

    /// A column of `field` under `title`: `width` cells, else a `weight` share of at least `minimum`.
    public init(_ field: String, title: String, width: Int? = nil, weight: Int = 1, minimum: Int = 6,
                alignRight: Bool = false) {
        self.field = field
        self.title = title
        self.width = width
        self.weight = weight
        self.minimum = minimum
        self.alignRight = alignRight
    }
}
