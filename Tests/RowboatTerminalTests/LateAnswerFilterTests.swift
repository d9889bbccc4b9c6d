import RowboatSpec
import Testing
@testable import RowboatTerminal

/// Start-up answers that come after the probe's deadline reach the app as
/// keys (ncurses knows no such sequences): they are dropped, whole, until
/// the DA1 answer; keys around them, and a real Escape, still count.
struct LateAnswerFilterTests {
    /// What ncurses hands over for these bytes: ESC as `.escape`, the rest
    /// as characters.
    func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .character($0) }
    }

    @Test func lateAnswersAreNoKeys() {
        var filter = LateAnswerFilter(awaiting: true)
        // kitty's reply and its cell size, split over two reads, then XTVERSION and DA1.
        #expect(filter.filter(keys("j\u{1B}_Gi=31;OK\u{1B}")) == keys("j"))
        #expect(filter.filter(keys("\\\u{1B}[6;18;9tk")) == keys("k"))
        #expect(filter.filter(keys("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c2G")) == keys("2G"))
        #expect(!filter.awaiting, "DA1 was the last answer")
        // From now on an ESC [ is the app's business again.
        #expect(filter.filter(keys("\u{1B}[")) == keys("\u{1B}["))
    }

    @Test func aRealEscapeStillCounts() {
        var filter = LateAnswerFilter(awaiting: true)
        #expect(filter.filter([.escape]) == [.escape])
        #expect(filter.filter([.escape, .character("q")]) == [.escape, .character("q")])
        #expect(filter.filter([.character("v"), .escape, .pageDown]) == [.character("v"), .escape, .pageDown])
        #expect(filter.awaiting)
    }

    @Test func garbageIsDroppedAndKeysAfterItCount() {
        var filter = LateAnswerFilter(awaiting: true)
        // An answer cut short by a key that no answer holds: both go, the next key counts.
        #expect(filter.filter([.escape, .character("["), .character("6"), .down, .character("j")]) == [.character("j")])
        #expect(filter.filter(keys("\u{1B}[?64;4c")) == [])
        #expect(!filter.awaiting)
    }

    @Test func nothingIsDroppedWhenTheAnswersCameInTime() {
        var filter = LateAnswerFilter(awaiting: false)
        #expect(filter.filter(keys("\u{1B}[?62;c")) == keys("\u{1B}[?62;c"))
    }
}
