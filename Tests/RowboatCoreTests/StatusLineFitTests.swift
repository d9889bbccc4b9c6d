import Testing
@testable import RowboatCore

/// The status bar in a narrow terminal: the least important segments go
/// first, whole; a notice or an error is shortened at a word's end rather
/// than dropped; nothing is cut in the middle of a word.
@Suite("Status line fitting")
struct StatusLineFitTests {
    typealias S = StatusLineFit.Segment
    let left = [S("items", rank: 10), S("30/1000", rank: 9), S("page 1/34", rank: 3), S("ready", rank: 8),
                S("sorted by Price ↑ (loaded)", rank: 6), S("where Price > 10 · Title ~ item 1", rank: 6)]

    @Test func everythingFitsWhenThereIsRoom() {
        let fit = StatusLineFit(left: left, right: S("updated 2 min ago", rank: 1), width: 200)
        #expect(fit.left == left.map(\.text) && fit.right == "updated 2 min ago")
    }

    @Test func theLeastImportantGoFirstWholeAndTheLaterOfEqualRank() {
        let fit = StatusLineFit(left: left, right: S("updated 2 min ago", rank: 1), width: 100)
        #expect(fit.right == nil)
        #expect(fit.left == ["items", "30/1000", "ready", "sorted by Price ↑ (loaded)", "where Price > 10 · Title ~ item 1"])
        let narrower = StatusLineFit(left: left, right: nil, width: 60)
        #expect(narrower.left == ["items", "30/1000", "ready", "sorted by Price ↑ (loaded)"])
        for width in 10...140 {
            let f = StatusLineFit(left: left, right: S("updated 2 min ago", rank: 1), width: width)
            let texts = f.left + (f.right.map { [$0] } ?? [])
            // Whole segments only (the one left alone may end in "…", at a word's end).
            #expect(texts.allSatisfy { t in (left.map(\.text) + ["updated 2 min ago"]).contains(t) || t.hasSuffix("…") }, "\(width)")
        }
    }

    @Test func aNoticeIsShortenedAtAWordsEndRatherThanDropped() {
        let notice = S("no next page: the server sent no Link header with rel=\"next\" (the list ends here)", rank: 5, shortens: true)
        let fit = StatusLineFit(left: Array(left.prefix(4)), right: notice, width: 80)
        #expect(fit.left == ["items", "30/1000", "ready"])
        let shown = try! #require(fit.right)
        #expect(shown.hasPrefix("no next page: the server sent no Link header") && shown.hasSuffix("…"))
        #expect(notice.text.hasPrefix(String(shown.dropLast())) && notice.text.dropFirst(shown.count - 1).first == " ")
        #expect(StatusLineFit.shorten("where Price > 10 · Title ~ item 1", to: 20) == "where Price > 10…")
    }
}
