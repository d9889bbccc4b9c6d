/// A 3x5 pixel bitmap font for the digits 0-9, used to stamp the item id
/// onto demo images so each thumbnail is recognisable.
enum DemoDigitFont {
    static let columns = 3
    static let rows = 5

    /// Five rows per digit; bit 2 is the left column, bit 0 the right.
    private static let glyphs: [[UInt8]] = [
        [0b111, 0b101, 0b101, 0b101, 0b111], // 0
        [0b010, 0b110, 0b010, 0b010, 0b111], // 1
        [0b111, 0b001, 0b111, 0b100, 0b111], // 2
        [0b111, 0b001, 0b111, 0b001, 0b111], // 3
        [0b101, 0b101, 0b111, 0b001, 0b001], // 4
        [0b111, 0b100, 0b111, 0b001, 0b111], // 5
        [0b111, 0b100, 0b111, 0b101, 0b111], // 6
        [0b111, 0b001, 0b010, 0b010, 0b010], // 7
        [0b111, 0b101, 0b111, 0b101, 0b111], // 8
        [0b111, 0b101, 0b111, 0b001, 0b111], // 9
    ]

    /// Whether the font pixel at (`column`, `row`) of `digit` is set.
    static func isSet(digit: Int, column: Int, row: Int) -> Bool {
        glyphs[digit][row] & (0b100 >> UInt8(column)) != 0
    }
}
