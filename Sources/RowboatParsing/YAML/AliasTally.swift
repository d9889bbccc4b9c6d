/// Counts a YAML text's values as its events come, each alias as the
/// values its anchor holds (an anchor's count is known when its node
/// ends), so an alias bomb stops at `limit` in milliseconds, before
/// anything is composed. The config's expansion check and the OpenAPI
/// reader count with it.
struct AliasTally {
    /// The most values allowed.
    let limit: Int
    /// Values counted so far in document order, aliases expanded (at most
    /// `limit + 1`).
    private(set) var total = 0
    /// Each open container's count, and its anchor.
    private var open: [(anchor: String?, count: Int)] = []
    private var sizes: [String: Int] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `event`; false once the values are more than `limit`.
    mutating func count(_ event: YAMLEvent) -> Bool {
        switch event {
        case .scalar(_, let anchor, _, _):
            add(1)
            if let anchor { sizes[anchor] = 1 }
        case .alias(let anchor):
            add(anchor.flatMap { sizes[$0] } ?? 1)
        case .start(_, let anchor):
            add(1)
            open.append((anchor, 1))
        case .end:
            guard let done = open.popLast() else { break }
            if let anchor = done.anchor { sizes[anchor] = done.count }
            // The container itself was counted where it started; its values
            // were added to the parent's count as they came.
            if !open.isEmpty { open[open.count - 1].count = capped(open[open.count - 1].count + done.count - 1) }
        case .documentEnd, .streamEnd:
            break
        }
        return total <= limit
    }

    private mutating func add(_ n: Int) {
        total = capped(total + n)
        if !open.isEmpty { open[open.count - 1].count = capped(open[open.count - 1].count + n) }
    }

    private func capped(_ n: Int) -> Int { min(limit + 1, n) }
}
