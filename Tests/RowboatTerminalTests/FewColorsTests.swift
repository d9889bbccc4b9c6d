import RowboatSpec
@testable import RowboatTerminal
import Testing
import RowboatCells

/// Themes on terminals of 8 or 16 colours (`TERM=xterm`, the linux
/// console): every palette colour is drawn as the nearest of those, so a
/// bar's text never lands on its own colour.
@Suite struct FewColorsTests {
    static let themes: [(String, Theme)] = [("default", .default), ("light", .light)]

    @Test(arguments: [8, 16])
    func everyThemeStyleKeepsItsTextReadable(colors: Int) {
        for (name, theme) in Self.themes {
            let styles = [theme.normal, theme.header, theme.selected, theme.status, theme.footer, theme.dim,
                          theme.error, theme.accent]
            for style in styles where style.foreground != .default && style.background != .default {
                let fg = NCursesScreen.colorNumber(style.foreground, colors: colors, direct: false)
                let bg = NCursesScreen.colorNumber(style.background, colors: colors, direct: false)
                #expect(fg != bg, "\(name) theme, \(colors) colours: \(style) draws \(fg) on \(bg)")
                #expect((0..<Int32(colors)).contains(fg) && (0..<Int32(colors)).contains(bg))
            }
        }
    }

    @Test func theDefaultBarsAreWhiteOnDarkOnEightColours() {
        func number(_ i: UInt8) -> Int32 { NCursesScreen.colorNumber(.indexed(i), colors: 8, direct: false) }
        // The status bar (252 on 236) and the header (252 on 238): white on black, not blue on blue.
        #expect([number(252), number(236), number(238)] == [7, 0, 0])
        // The selected row (231 on 25): white on blue; the error (203) red; the accent (81) cyan.
        #expect([number(231), number(25), number(203), number(81)] == [7, 4, 1, 6])
        // Palette colours the terminal has are kept as they are.
        #expect(number(3) == 3)
        #expect(NCursesScreen.colorNumber(.indexed(9), colors: 16, direct: false) == 9)
    }

    @Test func rgbOnFewColoursIsTheNearestOfThem() {
        #expect(NCursesScreen.colorNumber(.rgb(0xF0_10_10), colors: 8, direct: false) == 1)
        #expect(NCursesScreen.colorNumber(.rgb(0xF0_10_10), colors: 16, direct: false) == 9)
        #expect(NCursesScreen.colorNumber(.rgb(0x80_80_80), colors: 16, direct: false) == 8)
        // 256 colours: the cube and grey ramp, as before.
        #expect(NCursesScreen.colorNumber(.rgb(0xFF_FF_FF), colors: 256, direct: false) == 231)
    }
}
