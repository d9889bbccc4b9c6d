import RowboatCells

/// The one shape of every view: `render(_ model, in: area, into: &grid)`
/// draws `model` inside `area` of the grid. What a view draws with (the
/// theme, the key map, the clock, what it reads beside its model) it holds
/// as its own properties; what it draws is the model; where is `area`,
/// which the caller takes from `ScreenLayout`. `AppRenderer` makes a frame
/// of views this way.
public protocol CellView {
    associatedtype Model
    func render(_ model: Model, in area: Rect, into grid: inout CellGrid)
}

/// A view whose box is as large as its content asks (an overlay, a toast):
/// it says how much room it wants, `ScreenLayout` places a box of that size
/// (or less, or none), and the view draws in the box it is given.
public protocol SizedCellView: CellView {
    /// The cells `model` wants, its border included; nil when there is nothing to draw.
    func size(of model: Model) -> (width: Int, height: Int)?
}
