
/// Column positions of a table at a given width: fixed columns first, then
/// weighted ones share the rest (never below their minimum); columns that
/// do not fit are dropped from the right.
public struct TableLayout: Sendable, Equatable {
    /// One laid-out column.
    public struct Column: Sendable, Equatable {
        public var spec: ColumnSpec
        public var x: Int
        public var width: Int
    }

    public var columns: [Column]

    public init(specs: [ColumnSpec], width total: Int, gap: Int = 1) {
        var specs = specs
        func minimum(_ s: ColumnSpec) -> Int {
            switch s.width { case .fixed(let n): n; case .weight(_, let m): m }
        }
        // Drop columns from the right until the minimums fit.
        while specs.count > 1,
              specs.map(minimum).reduce(0, +) + gap * (specs.count - 1) > total {
            specs.removeLast()
        }
        var widths = specs.map(minimum)
        let spare = total - widths.reduce(0, +) - gap * max(0, specs.count - 1)
        let weights = specs.map { s -> Int in if case .weight(let w, _) = s.width { max(0, w) } else { 0 } }
        let weightSum = weights.reduce(0, +)
        if spare > 0, weightSum > 0 {
            var given = 0
            for i in specs.indices where weights[i] > 0 {
                let share = spare * weights[i] / weightSum
                widths[i] += share
                given += share
            }
            // Rounding leftovers go to the first weighted column.
            if let first = weights.firstIndex(where: { $0 > 0 }) { widths[first] += spare - given }
        }
        var x = 0
        columns = []
        for (i, spec) in specs.enumerated() {
            let w = min(widths[i], max(0, total - x))
            columns.append(Column(spec: spec, x: x, width: w))
            x += w + gap
        }
    }
}
