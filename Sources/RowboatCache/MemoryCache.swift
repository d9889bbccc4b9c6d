import Synchronization

/// A small in-memory LRU bounded by total cost in bytes (for decoded
/// thumbnails). Thread-safe; the least recently used entries go first.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Entry {
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        @usableFromInline var lastUse: UInt64
    }

    @usableFromInline
    struct State {
        @usableFromInline var entries: [Key: Entry] = [:]
        @usableFromInline var totalCost = 0
        @usableFromInline var tick: UInt64 = 0
    }

    public let maxCost: Int
    @usableFromInline let state = Mutex(State())

    public init(maxCost: Int) {
        self.maxCost = maxCost
    }

    /// The value for `key`, marking it recently used. Inlinable, so a hit
    /// is specialised for the caller's types (one hash lookup, in place).
    @inlinable
    public func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.tick += 1
            state.entries.values[index].lastUse = state.tick
            return state.entries.values[index].value
        }
    }

    /// Stores `value` costing `cost` bytes, evicting the least recently used
    /// entries to fit. A value larger than the whole cache is not kept.
    public func insert(_ value: Value, for key: Key, cost: Int) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.totalCost -= old.cost }
            guard cost <= maxCost else { return }
            while state.totalCost + cost > maxCost,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries.removeValue(forKey: oldest.key)
                state.totalCost -= oldest.value.cost
            }
            state.tick += 1
            state.entries[key] = Entry(value: value, cost: cost, lastUse: state.tick)
            state.totalCost += cost
        }
    }

    /// Bytes held now.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// Entries held now.
    public var count: Int { state.withLock { $0.entries.count } }

    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
