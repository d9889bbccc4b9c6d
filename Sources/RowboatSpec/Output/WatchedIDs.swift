/// The ids `rowboat fetch --watch` has printed, to print only items not
/// seen before; bounded, so a watch left running for days holds at most
/// `limit` ids (the oldest forgotten first: an item gone that long and
/// back again is printed again).
public struct WatchedIDs: Sendable {
    /// The most ids kept.
    public let limit: Int
    private var seen = Set<String>()
    /// The ids in the order they were seen; `head` is the oldest still kept.
    private var order: [String] = []
    private var head = 0

    public init(limit: Int = 100_000) {
        self.limit = max(1, limit)
    }

    /// How many ids are kept.
    public var count: Int { seen.count }

    /// The items of `items` whose id was not seen before, in their order;
    /// their ids are seen from now on.
    public mutating func fresh(_ items: [Item]) -> [Item] {
        items.filter { insert($0.id) }
    }

    /// Sees `id`; false when it was seen before.
    @discardableResult
    public mutating func insert(_ id: String) -> Bool {
        guard seen.insert(id).inserted else { return false }
        order.append(id)
        if seen.count > limit {
            seen.remove(order[head])
            head += 1
            // The forgotten half of the order goes now and then, not every time.
            if head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
        return true
    }
}
