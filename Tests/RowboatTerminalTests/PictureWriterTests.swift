import Testing
import RowboatSpec
@testable import RowboatTerminal
import RowboatCells

/// The bytes that keep pictures in step with frames: written once where
/// they are new, again when ncurses wrote on their rows, their rows
/// repainted when they leave, kitty images transmitted once per id and
/// deleted when their placement goes.
@Suite struct PictureWriterTests {
    func grid(_ pictures: [(PixelPicture.Kind, UInt64, Int, Int)]) -> CellGrid {
        var grid = CellGrid(width: 40, height: 12)
        for (kind, serial, x, y) in pictures {
            let picture = PixelPicture(kind: kind, bytes: Array("<\(serial)>".utf8), columns: 4, rows: 2, x: 0, y: 0,
                                       serial: serial)
            grid.pictures.append(GridPicture(picture: picture, x: x, y: y, symbols: Array(repeating: .blank, count: 8)))
        }
        return grid
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    let clean = Array(repeating: false, count: 12)

    @Test func aSixelPictureIsWrittenAtItsCellThenLeftAlone() {
        let writer = PictureWriter()
        let frame = grid([(.sixel, 1, 3, 2)])
        #expect(writer.rowsToRepaint(frame).isEmpty)
        #expect(text(writer.bytes(for: frame, changedRows: clean, full: false, cursorX: 0, cursorY: 11))
            == "\u{1B}[3;4H<1>\u{1B}[12;1H")
        #expect(writer.bytes(for: frame, changedRows: clean, full: false, cursorX: 0, cursorY: 11).isEmpty)
        // ncurses wrote on one of its rows: written again.
        var touched = clean
        touched[3] = true
        #expect(text(writer.bytes(for: frame, changedRows: touched, full: false, cursorX: 0, cursorY: 0)).contains("<1>"))
        var other = clean
        other[7] = true
        #expect(writer.bytes(for: frame, changedRows: other, full: false, cursorX: 0, cursorY: 0).isEmpty)
    }

    @Test func aScrolledPictureHasItsOldRowsRepaintedAndIsWrittenAnew() {
        let writer = PictureWriter()
        _ = writer.bytes(for: grid([(.sixel, 1, 3, 2), (.iterm, 2, 20, 2)]), changedRows: clean, full: false,
                         cursorX: 0, cursorY: 0)
        let scrolled = grid([(.sixel, 1, 3, 6)])
        #expect(writer.rowsToRepaint(scrolled) == [2, 3])
        var repainted = clean
        repainted[2] = true
        repainted[3] = true
        #expect(text(writer.bytes(for: scrolled, changedRows: repainted, full: false, cursorX: 0, cursorY: 0))
            == "\u{1B}[7;4H<1>\u{1B}[1;1H")
        #expect(writer.placed.count == 1)
    }

    @Test func kittyImagesGoOncePerIdAndPlacementsAreDeleted() {
        let writer = PictureWriter()
        let first = text(writer.bytes(for: grid([(.kitty(id: 7), 7, 0, 0)]), changedRows: clean, full: false,
                                      cursorX: 0, cursorY: 0))
        #expect(first == "<7>\u{1B}[1;1H\u{1B}_Ga=p,i=7,p=1,c=4,r=2,C=1,q=2\u{1B}\\\u{1B}[1;1H")
        let moved = text(writer.bytes(for: grid([(.kitty(id: 7), 7, 0, 4)]), changedRows: clean, full: false,
                                      cursorX: 0, cursorY: 0))
        #expect(!moved.contains("<7>"), "the image is not sent again")
        #expect(moved.contains("\u{1B}[5;1H\u{1B}_Ga=p,i=7"))
        let gone = text(writer.bytes(for: grid([]), changedRows: clean, full: false, cursorX: 0, cursorY: 0))
        #expect(gone.hasPrefix("\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\"))
    }

    @Test func placeholderImagesAreTransmittedWhenTheirIdHoldsAnotherImage() {
        let writer = PictureWriter()
        let a = grid([(.kittyPlaceholder(id: 5), 5, 0, 0)])
        #expect(text(writer.bytes(for: a, changedRows: clean, full: false, cursorX: 1, cursorY: 1)) == "<5>\u{1B}[2;2H")
        #expect(writer.bytes(for: a, changedRows: clean, full: true, cursorX: 1, cursorY: 1).isEmpty)
        // Serial 260 reuses id 5 (ids cycle through 1...255): sent again.
        let b = grid([(.kittyPlaceholder(id: 5), 260, 0, 0)])
        #expect(text(writer.bytes(for: b, changedRows: clean, full: false, cursorX: 0, cursorY: 0)).hasPrefix("<260>"))
    }
}
