/// Where an image goes in a box of `boxColumns` x `boxRows` cells: as large
/// as fits with its aspect ratio kept, centred. Terminal cells are taller
/// than wide (`cellAspect` = height / width, about 2), so an image N pixels
/// wide and N high takes about twice as many columns as rows.
public struct ThumbnailFit: Sendable, Equatable {
    /// Columns the image covers (1...boxColumns; 0 for an empty box).
    public let columns: Int
    /// Rows the image covers (1...boxRows; 0 for an empty box).
    public let rows: Int
    /// Blank columns left of the image.
    public let x: Int
    /// Blank rows above the image.
    public let y: Int

    /// A placement given directly.
    public init(columns: Int, rows: Int, x: Int, y: Int) {
        (self.columns, self.rows, self.x, self.y) = (columns, rows, x, y)
    }

    /// The largest placement of a `sourceWidth` x `sourceHeight` image in
    /// the box, centred (odd leftovers put the extra blank after the image).
    public init(sourceWidth: Int, sourceHeight: Int, boxColumns: Int, boxRows: Int, cellAspect: Double = 2) {
        let boxColumns = max(0, boxColumns)
        let boxRows = max(0, boxRows)
        guard boxColumns > 0, boxRows > 0 else {
            (columns, rows, x, y) = (0, 0, 0, 0)
            return
        }
        guard sourceWidth > 0, sourceHeight > 0 else {
            (columns, rows, x, y) = (boxColumns, boxRows, 0, 0)
            return
        }
        let aspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
        // Measure the box in cell widths: it is boxColumns wide and
        // boxRows * aspect high.
        let scale = min(Double(boxColumns) / Double(sourceWidth),
                        Double(boxRows) * aspect / Double(sourceHeight))
        let fitColumns = Int((Double(sourceWidth) * scale).rounded())
        let fitRows = Int((Double(sourceHeight) * scale / aspect).rounded())
        columns = min(boxColumns, max(1, fitColumns))
        rows = min(boxRows, max(1, fitRows))
        x = (boxColumns - columns) / 2
        y = (boxRows - rows) / 2
    }
}
