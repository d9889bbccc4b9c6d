/// Drops items whose id was already printed by `rowboat fetch` (servers
/// repeat items across pages: inclusive cursors, inserts while paging) and
/// counts them for one line on stderr.
public struct FetchDeduper: Sendable {
    public let enabled: Bool
    private var seen = Set<String>()
    public private(set) var dropped = 0

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The items of a page not printed before, in order.
    public mutating func fresh(_ items: [Item]) -> [Item] {
        guard enabled else { return items }
        var out: [Item] = []
        out.reserveCapacity(items.count)
        for item in items {
            if seen.insert(item.id).inserted { out.append(item) } else { dropped += 1 }
        }
        return out
    }

    /// The ids printed so far (what `--watch` starts from).
    public var printedIDs: Set<String> { seen }

    /// "dropped 3 repeated items (same id)", or nil when none were.
    public var summary: String? {
        guard dropped > 0 else { return nil }
        return "dropped \(dropped) repeated \(dropped == 1 ? "item" : "items") (same id as one already printed)"
    }
}
