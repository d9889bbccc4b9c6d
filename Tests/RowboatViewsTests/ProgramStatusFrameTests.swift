import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatViews

/// A kit program's own status segment after the count, and its note on
/// the marked rows after "N marked"; a segment with escape sequences is
/// drawn inert, as every text from a program is.
@Suite struct ProgramStatusFrameTests {
    @Test func theProgramsSegmentAndItsNoteOnTheMarks() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 12))
        _ = AppReducer.reduce(&state, .setProgramStatus("888 packages · 3.1 GB"))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .mark(.toggle))
        _ = AppReducer.reduce(&state, .setMarkedNote("41.2 MB"))
        let grid = AppRenderer().render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "status-program-segment-100x12")
        let status = grid.lines().last ?? ""
        #expect(status.contains("30/1000 · 888 packages · 3.1 GB"))
        #expect(status.contains("2 marked · 41.2 MB"))
        _ = AppReducer.reduce(&state, .setProgramStatus("\u{1B}]0;PWNED\u{07}ok"))
        let hostile = AppRenderer().render(state, now: Fixtures.now).lines().joined()
        #expect(!hostile.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
