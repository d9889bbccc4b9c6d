import Testing
@testable import RowboatCore
@testable import RowboatSpec
@testable import RowboatViews
import RowboatCells

/// Cards without an image give the picture's room to text and list the
/// card fields; rows and cards carry a tone (issue #35).
@Suite struct CardTextFrameTests {
    /// Row `i` with a state field and a tone: every third bad, the others good.
    func row(_ i: Int) -> RowModel {
        var row = Fixtures.row(i)
        row.fields["state"] = .text(i % 3 == 0 ? "failed" : "running")
        row.fields["owner"] = .text("team \(i % 4)")
        row.fields[RowTone.field] = .text(i % 3 == 0 ? "bad" : "good")
        return row
    }

    @Test func cardsWithoutImagesListTheirFieldsInTheirTone() throws {
        var state = Fixtures.loaded((1...30).map(row), size: .init(columns: 80, rows: 24))
        state.cardFields = ["state", "owner"]
        _ = AppReducer.reduce(&state, .toggleView)
        let renderer = AppRenderer()
        let grid = renderer.render(state, now: Fixtures.now)
        try GoldenFrame.check(grid, "grid-card-fields-80x24")
        // Card 3 (Item 3, failed) is bad: its title in the error colour; card 2 good; card 1 selected.
        let window = try #require(ScreenLayout.of(state).items(in: state))
        let third = try #require(window.rect(of: 2))
        #expect(grid[third.x, third.y].style.foreground == renderer.theme.error.foreground)
        let second = try #require(window.rect(of: 1))
        #expect(grid[second.x, second.y].style.foreground == .indexed(114))
        let first = try #require(window.rect(of: 0))
        #expect(grid[first.x, first.y + 6].style.background == renderer.theme.selected.background)
    }

    @Test func tableRowsInTheirTone() throws {
        let state = Fixtures.loaded((1...30).map(row), size: .init(columns: 80, rows: 24))
        let renderer = AppRenderer()
        let grid = renderer.render(state, now: Fixtures.now)
        // Under the header: row 1 (selected), row 2 (good), row 3 (bad).
        #expect(grid[0, 3].style.foreground == renderer.theme.error.foreground)
        #expect(grid[0, 2].style.foreground == .indexed(114))
        #expect(grid[0, 1].style.background == renderer.theme.selected.background)
        // Monochrome: attributes only.
        let mono = AppRenderer(theme: .monochrome).render(state, now: Fixtures.now)
        #expect(mono[0, 2].style.foreground == .default && mono[0, 2].style.attributes.contains(.bold))
    }

    /// A program's own tone (a RowboatKit style role) on a row, and a
    /// built-in one on a single cell over it; monochrome keeps the role's
    /// attributes.
    @Test func rolesOfTheProgramAndTonesOfOneCell() throws {
        func toned(_ i: Int) -> RowModel {
            var row = Fixtures.row(i)
            if i == 2 {
                row.fields[RowTone.field] = .text("library")
                row.fields[RowTone.cellField("subtitle")] = .text("bad")
            }
            return row
        }
        let state = Fixtures.loaded((1...5).map(toned), size: .init(columns: 80, rows: 24))
        var theme = Theme.default
        theme.tones["library"] = ToneRole(foreground: .indexed(80), attributes: [.underline], monochrome: [.underline])
        let grid = AppRenderer(theme: theme).render(state, now: Fixtures.now)
        let layout = TableView(columns: state.columns, width: 80, theme: theme).layout
        let title = try #require(layout.columns.first { $0.spec.field == "title" })
        let subtitle = try #require(layout.columns.first { $0.spec.field == "subtitle" })
        let x = ScreenLayout.rowGutter
        #expect(grid[x + title.x, 2].style.foreground == .indexed(80))
        #expect(grid[x + title.x, 2].style.attributes.contains(.underline))
        #expect(grid[x + subtitle.x, 2].style.foreground == theme.error.foreground)
        #expect(grid[x + title.x, 3].style.foreground == .default)
        // Monochrome (NO_COLOR): the role's attributes, no colour.
        let mono = AppRenderer(theme: theme.monochromed).render(state, now: Fixtures.now)
        #expect(mono[x + title.x, 2].style.foreground == .default && mono[x + title.x, 2].style.attributes.contains(.underline))
        #expect(theme.monochromed.isMonochrome && !theme.isMonochrome)
    }
}
