import Foundation
import RowboatKit
import Testing

/// A kit app chooses its built-ins (issue #35): one left out has no key,
/// no help line and no sheet line.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerFeaturesTests {
    static func rows() -> [ListRow] {
        (1...3).map { ListRow(id: "\($0)", title: "Row \($0)", link: "https://example.com/\($0)") }
    }

    @Test func leftOutBuiltInsLoseTheirKeysHelpAndSheetLines() async throws {
        let full = ListController()
        full.onReload { ListPage(Self.rows(), isLast: true) }
        let all = try full.session()
        try await all.waitUntilSettled()
        all.press("?")
        let fullHelp = all.frame().joined(separator: "\n")
        #expect(fullHelp.contains("favorite"))
        all.close()

        let controller = ListController()
        controller.features = ListFeatures.all.subtracting([.favorites, .links, .clearCache, .marks])
        controller.onReload { ListPage(Self.rows(), isLast: true) }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("?")
        let help = session.frame().joined(separator: "\n")
        #expect(!help.contains("favorite"))
        #expect(!help.contains("clear the cache") && !help.contains("open link") && !help.contains("mark"))
        #expect(help.contains("search"))
        session.press("esc")
        session.press("a")
        let sheet = session.frame().joined(separator: "\n")
        #expect(sheet.contains("Show detail"))
        #expect(!sheet.contains("favorites") && !sheet.contains("Open link") && !sheet.contains("Copy link"))
        session.press("esc")
        // The keys are gone: nothing happens.
        session.press("*")
        session.press("m")
        #expect(!session.frame().joined().contains("added to favorites"))
        #expect(!session.frame().joined().contains("marked"))
        session.close()
    }
}

/// Row styles and card fields through the public API (issue #35).
@Suite(.timeLimit(.minutes(1)))
struct ListControllerCardTests {
    @Test func stylesRoundTripAndCardsListTheirFields() async throws {
        let controller = ListController()
        controller.presentation = .grid
        controller.cardFields = ["pid"]
        controller.onReload {
            ListPage([ListRow(id: "1", title: "init", fields: [("pid", "1")], style: .good),
                      ListRow(id: "2", title: "zombie", fields: [("pid", "2")], style: .bad)], isLast: true)
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        #expect(session.snapshot.rows.map(\.style) == [.good, .bad])
        #expect(session.snapshot.rows[0].fields == [ListField(name: "pid", value: "1")])
        // No image: the text starts at the card's top, the field under it.
        let frame = session.frame()
        #expect(frame[1].hasPrefix("init"))
        #expect(frame[2].hasPrefix("pid: 1"))
        session.close()
    }
}
