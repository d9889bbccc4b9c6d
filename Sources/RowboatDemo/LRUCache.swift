/// A small least-recently-used cache bounded by entry count and by total
/// cost (e.g. bytes). Not thread-safe on its own; wrap it in an actor or lock.
struct LRUCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, tick: UInt64)] = [:]
    private var clock: UInt64 = 0
    let maxCount: Int
    let maxCost: Int
    private(set) var totalCost = 0

    init(maxCount: Int, maxCost: Int) {
        self.maxCount = max(1, maxCount)
        self.maxCost = max(1, maxCost)
    }

    var count: Int {
        entries.count
    }

    /// The cached value, marking it most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, entry.cost, clock)
        return entry.value
    }

    /// Inserts or replaces a value, then evicts least recently used entries
    /// until both bounds hold (a single over-budget value is not kept).
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = entries.removeValue(forKey: key) {
            totalCost -= old.cost
        }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
        while entries.count > maxCount || totalCost > maxCost, let oldest = oldestKey() {
            totalCost -= entries.removeValue(forKey: oldest)?.cost ?? 0
        }
    }

    // Linear scan: fine for the few dozen entries this cache holds.
    private func oldestKey() -> Key? {
        entries.min { $0.value.tick < $1.value.tick }?.key
    }
}
