import Testing
@testable import RowboatTerminal

/// `NCursesScreen.directNumber`: an RGB colour as a direct-colour terminal takes it.
@Suite("Direct colour numbers")
struct DirectColorNumberTests {
    @Test func rgbGoesAsIsAndSmallValuesMoveOutOfThePalette() {
        #expect(NCursesScreen.directNumber(0x12_34_56) == 0x12_34_56)
        #expect(NCursesScreen.directNumber(0xFF_FF_FF) == 0xFF_FF_FF)
        // 0...255 would be palette indices on xterm-direct256: nudge green.
        #expect(NCursesScreen.directNumber(0x00_00_00) == 0x00_01_00)
        #expect(NCursesScreen.directNumber(0x00_00_FF) == 0x00_01_FF)
        #expect(NCursesScreen.directNumber(0x00_01_00) == 0x00_01_00)
    }
}
