import Testing
import RowboatCells

@Suite("xterm palette")
struct XtermPaletteTests {
    @Test func knownIndicesHaveXtermsValues() {
        #expect(XtermPalette.rgb(0) == 0x000000)
        #expect(XtermPalette.rgb(9) == 0xFF0000)
        #expect(XtermPalette.rgb(16) == 0x000000)
        #expect(XtermPalette.rgb(25) == 0x005FAF)
        #expect(XtermPalette.rgb(196) == 0xFF0000)
        #expect(XtermPalette.rgb(231) == 0xFFFFFF)
        #expect(XtermPalette.rgb(232) == 0x080808)
        #expect(XtermPalette.rgb(252) == 0xD0D0D0)
        #expect(XtermPalette.rgb(255) == 0xEEEEEE)
    }

    @Test func everyCubeAndGreyColourIsItsOwnNearest() {
        for index in UInt8(16)...255 {
            #expect(XtermPalette.nearest(XtermPalette.rgb(index)) == index, "index \(index)")
        }
    }

    @Test func inBetweenColoursGoToTheCloserOne() {
        #expect(XtermPalette.nearest(0xF01010) == 196)   // near pure red
        #expect(XtermPalette.nearest(0x7A7A7A) == 243)   // grey 118 is closer than cube 102
        #expect(XtermPalette.nearest(0x101010) == 233)
        #expect(XtermPalette.nearest(0xFAFAFA) == 231)   // white from the cube beats grey 238
    }
}
