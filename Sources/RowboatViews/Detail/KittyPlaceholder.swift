import RowboatSpec
import RowboatCells

/// The text of kitty's Unicode placeholder cells: U+10EEEE followed by two
/// combining marks that number the cell's row and column in the image
/// (kitty's graphics protocol, "Unicode placeholders"); the image id is the
/// cell's foreground colour.
enum KittyPlaceholder {
    /// The placeholder character.
    static let base: Unicode.Scalar = "\u{10EEEE}"

    /// The first of the protocol's row/column marks, in order (mark n
    /// means row or column n): enough for the largest picture box.
    static let marks: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
        0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
        0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
        0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
        0x0616, 0x0617, 0x0657, 0x0658, 0x0659, 0x065A, 0x065B, 0x065D, 0x065E,
    ]

    /// The cell at `row`, `column` of an image (nil past the marks).
    static func cell(row: Int, column: Int) -> String? {
        guard row >= 0, column >= 0, row < marks.count, column < marks.count,
              let r = Unicode.Scalar(marks[row]), let c = Unicode.Scalar(marks[column]) else { return nil }
        var text = String.UnicodeScalarView()
        text.append(base)
        text.append(r)
        text.append(c)
        return String(text)
    }

    /// The foreground colour that names image `id`.
    static func color(id: UInt32) -> Style.Color {
        id < 256 ? .indexed(UInt8(id)) : .rgb(id)
    }
}
