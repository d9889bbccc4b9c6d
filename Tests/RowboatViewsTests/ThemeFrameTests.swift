import Testing
import RowboatCore
import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Themes: the light one, config overrides, NO_COLOR; and the help overlay
/// of a rebound key map.
@Suite struct ThemeFrameTests {
    @Test func tableInTheLightTheme() throws {
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        let grid = AppRenderer(theme: .light).render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "table-light-80x24")
        // Frames are text: the colours are checked here.
        #expect(grid[3, 2].text == "I")
        #expect(grid[0, 2].style == Style(foreground: .indexed(231), background: .indexed(26), attributes: [.bold]))
        #expect(grid[79, 2].style == Theme.light.selected)
        #expect(grid[0, 1].style == Style.plain)
        #expect(grid[0, 0].style == Style(foreground: .indexed(235), background: .indexed(253), attributes: [.bold]))
        #expect(grid[0, 23].style.background == .indexed(252))
    }

    @Test func namedThemes() {
        #expect(Theme.named(.default) == .default)
        #expect(Theme.named(.light) == .light)
        #expect(Theme.named(.monochrome) == .monochrome)
        #expect(Theme(settings: ThemeSettings()) == .default)
        // Light is for light backgrounds: no role uses the default theme's light-grey text.
        #expect(Theme.light != .default)
        for role in ThemeRole.allCases { #expect(Theme.light[role].foreground != .indexed(252)) }
    }

    @Test func overridesChangeOnlyWhatTheyName() {
        let theme = Theme(settings: ThemeSettings(name: .light, colors: [
            .selected: RoleOverride(foreground: .indexed(16), background: .indexed(229), bold: false, underline: true),
            .header: RoleOverride(background: .default),
        ]))
        #expect(theme.selected == Style(foreground: .indexed(16), background: .indexed(229), attributes: [.underline]))
        #expect(theme.header == Style(foreground: .indexed(235), background: .default, attributes: [.bold]))
        #expect(theme.status == Theme.light.status)
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&state, .list(.move(.down)))
        let grid = AppRenderer(theme: theme).render(state, now: Fixtures.now)
        #expect(grid[3, 2].style == theme.selected)
    }

    @Test func noColorAndColourlessTerminalsForceMonochrome() {
        #expect(Theme.colorsAllowed(noColor: nil, hasColors: true))
        #expect(Theme.colorsAllowed(noColor: "", hasColors: true))
        #expect(!Theme.colorsAllowed(noColor: "1", hasColors: true))
        #expect(!Theme.colorsAllowed(noColor: "0", hasColors: true))
        #expect(!Theme.colorsAllowed(noColor: nil, hasColors: false))
    }

    @Test func helpShowsTheReboundKeys() throws {
        let keys = try KeyBindings.keyMap(KeyBindingsConfig([
            .init(.refresh, [.character("T"), .function(5)]), .init(.help, [.function(1)]),
        ]))
        var state = Fixtures.loaded((1...30).map { Fixtures.row($0) }, size: .init(columns: 100, rows: 40))
        _ = AppReducer.reduce(&state, keys.action(for: .function(1), in: state)!)
        #expect(state.showHelp)
        let text = AppRenderer(theme: .default).render(state, now: Fixtures.now, keyMap: keys).lines().joined(separator: "\n")
        let refresh = try #require(text.split(separator: "\n").first { $0.contains("refresh / retry") })
        #expect(refresh.contains("F5 T"))
        let help = try #require(text.split(separator: "\n").first { $0.contains(" help ") || $0.hasSuffix("help") })
        #expect(help.contains("F1"))
        #expect(!help.contains("?"))
    }

    @Test func hintsNameTheReboundKeys() throws {
        let keys = try KeyBindings.keyMap(KeyBindingsConfig([
            .init(.refresh, [.function(5)]), .init(.favorite, [.character("w")]), .init(.watch, [.character("W")]), .init(.favoritesList, [.character("B")]),
            .init(.toggleView, [.character("V")]),
            // V is the views panel's by default: left without keys here.
            .init(.views, []),
        ]))
        let renderer = AppRenderer(theme: .default)
        var failed = AppState(endpointKey: "items", columns: Fixtures.columns, paging: Fixtures.paging(),
                              size: .init(columns: 80, rows: 12))
        _ = AppReducer.reduce(&failed, .list(.appeared))
        _ = AppReducer.reduce(&failed, .list(.pageFailed(requestID: 1, message: "connection refused")))
        let failedText = renderer.render(failed, now: Fixtures.now, keyMap: keys).text
        let empty = Fixtures.loaded([], size: .init(columns: 80, rows: 12))
        let emptyText = renderer.render(empty, now: Fixtures.now, keyMap: keys).text
        #expect(emptyText.contains("press F5 to refresh"), "\(emptyText)")
        #expect(!emptyText.contains("press r"))
        var favorites = Fixtures.loaded([Fixtures.row(1)], size: .init(columns: 80, rows: 12))
        _ = AppReducer.reduce(&favorites, .toggleFavoritesList)
        let favoritesText = renderer.render(favorites, now: Fixtures.now, keyMap: keys).text
        #expect(favoritesText.contains("press w on an item to add it · B to go back"), "\(favoritesText)")
        #expect(favoritesText.contains("w remove · B back"))
        var grid = Fixtures.loaded((1...5).map { Fixtures.row($0) }, size: .init(columns: 80, rows: 24))
        _ = AppReducer.reduce(&grid, .toggleView)
        #expect(renderer.render(grid, now: Fixtures.now, keyMap: keys).lines()[0].contains("· V table"))
        #expect(failedText.contains("Could not load") && failedText.contains("press F5 to retry"), "\(failedText)")
    }
}
