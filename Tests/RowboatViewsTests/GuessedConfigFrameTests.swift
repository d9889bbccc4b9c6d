import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// `rowboat URL`: a config guessed from a URL says so in the status bar
/// (naming the help key in force), and help shows what was guessed and how
/// to keep it under the keys; a hostile value from the server stays text.
@Suite struct GuessedConfigFrameTests {
    static let guessed = GuessedConfig(lines: [
        .init(keys: "list", action: "data (20 items in the first response)"),
        .init(keys: "fields", action: "id id, title name, subtitle description"),
        .init(keys: "paging", action: "lastId, cursorParam starting_after"),
        .init(keys: "verified", action: "walked 3 pages: 27 new ids after the first page, the cursor changed each time, the end: has-more false"),
        .init(keys: "credentials", action: "read from API_TOKEN"),
    ])

    func state(_ size: TerminalSize, guessed: GuessedConfig = guessed) -> AppState {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: size)
        state.guessed = guessed
        return state
    }

    @Test func theStatusBarSaysTheConfigWasGuessed() throws {
        let grid = AppRenderer().render(state(.init(columns: 100, rows: 12)), now: Fixtures.now)
        try GoldenFrame.check(grid, "guessed-config-list-100x12")
        #expect(grid.lines().last?.contains(" · guessed config (?: how) · ") == true)
    }

    @Test func helpShowsWhatWasGuessedAndHowToKeepIt() throws {
        var s = state(.init(columns: 100, rows: 30))
        _ = AppReducer.reduce(&s, .toggleHelp)
        let grid = AppRenderer().render(s, now: Fixtures.now)
        try GoldenFrame.check(grid, "guessed-config-help-100x30")
        let text = grid.text
        #expect(text.contains("Keys · guessed config"))
        #expect(text.contains("run again with --save FILE to keep this draft"))
        #expect(text.contains("read from API_TOKEN"))
    }

    /// A small terminal keeps the keys and as many guess lines as fit, each cut to the box.
    @Test func aSmallTerminalKeepsTheKeysFirst() throws {
        var s = state(.init(columns: 60, rows: 16), guessed: GuessedConfig(lines: Self.guessed.lines, savedTo: "/tmp/api.yaml"))
        _ = AppReducer.reduce(&s, .toggleHelp)
        let grid = AppRenderer().render(s, now: Fixtures.now)
        try GoldenFrame.check(grid, "guessed-config-help-60x16")
        #expect(grid.lines().allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    /// Server text in the lines (escapes, newlines) is drawn inert.
    @Test func hostileTextInTheGuessIsInert() {
        var s = state(.init(columns: 100, rows: 30), guessed: GuessedConfig(lines: [
            .init(keys: "list\u{1B}[2J", action: "data\n\u{1B}]0;pwned\u{07} (3 items)"),
        ]))
        _ = AppReducer.reduce(&s, .toggleHelp)
        let text = AppRenderer().render(s, now: Fixtures.now).text
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        #expect(text.contains("pwned"))
    }
}
