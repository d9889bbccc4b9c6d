import Testing
@testable import RowboatTerminal
import RowboatSpec

/// SGR mouse reports read out of the keys ncurses hands over when the
/// terminal type's kmous is X10's: clicks and the wheel, releases dropped,
/// anything else left as the keys it was.
@Suite("SGR mouse reports")
struct SGRMouseReportsTests {
    func keys(_ text: String) -> [Key] { text.map { $0 == "\u{1B}" ? Key.escape : .character($0) } }

    @Test func clicksAndTheWheelAnywhere() {
        #expect(SGRMouseReports.decode(keys("\u{1B}[<0;240;8M\u{1B}[<0;240;8m")) == [.mouse(MouseEvent(.click, x: 239, y: 7))])
        #expect(SGRMouseReports.decode(keys("j\u{1B}[<64;1;1M\u{1B}[<65;3;2Mk"))
                == [.character("j"), .mouse(MouseEvent(.wheelUp, x: 0, y: 0)), .mouse(MouseEvent(.wheelDown, x: 2, y: 1)), .character("k")])
        // Other buttons, motion: dropped whole.
        #expect(SGRMouseReports.decode(keys("\u{1B}[<2;5;5M\u{1B}[<35;5;5M")) == [])
    }

    @Test func whatIsNoReportStaysAsItCame() {
        for text in ["\u{1B}[<0;5M", "\u{1B}[<0;5;5", "\u{1B}[<a;5;5M", "\u{1B}x", "[<0;5;5M"] {
            #expect(SGRMouseReports.decode(keys(text)) == keys(text), "\(text.debugDescription)")
        }
        #expect(SGRMouseReports.decode([.escape]) == [.escape])
    }
}
