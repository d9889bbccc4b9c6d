import RowboatSpec
import RowboatCells

/// Judges a thumbnail's colours by their RGB values.
enum Palette {
    static func rgb(_ color: ThumbnailColor) -> (r: Int, g: Int, b: Int) {
        let value: UInt32
        switch color {
        case .indexed(let index): value = XtermPalette.rgb(index)
        case .rgb(let rgb): value = rgb
        }
        return (Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
    }

    static func isReddish(_ color: ThumbnailColor) -> Bool {
        let c = rgb(color)
        return c.r >= 150 && c.g <= 95 && c.b <= 95
    }
}
