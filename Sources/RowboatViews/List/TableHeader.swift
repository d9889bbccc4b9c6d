import RowboatCore
import RowboatSpec
import RowboatCells

/// The table's header row: each column's title where its cells go, the
/// column a local sort goes by with its arrow.
public struct TableHeader: CellView {
    /// The table it heads: its columns, where they start, its theme.
    public var table: TableView

    public init(table: TableView) {
        self.table = table
    }

    /// Draws the header on `line`; `sort`: the local sort in force, if any.
    public func render(_ sort: LocalSort?, in line: Rect, into grid: inout CellGrid) {
        let theme = table.theme
        grid.fill(x: line.x, y: line.y, count: line.width, style: theme.header)
        for column in table.layout.columns {
            let arrow = sort?.field == column.spec.field ? " " + sort!.arrow : ""
            grid.putField(column.spec.title + arrow, x: line.x + table.columnsX + column.x, y: line.y,
                          width: column.width, style: theme.header, alignRight: column.spec.alignment == .right)
        }
    }
}
