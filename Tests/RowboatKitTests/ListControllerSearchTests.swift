import Foundation
import RowboatKit
import Synchronization
import Testing

/// `onSearch`: Enter in `/` asks the program's own source, whose pages
/// become the list; `esc` goes back to the rows without the search.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerSearchTests {
    static let all = (1...200).map { "package-\($0)" }

    static func rows(_ names: some Sequence<String>) -> [ListRow] {
        names.map { ListRow(id: $0, title: $0) }
    }

    @Test func enterSearchesTheSourceAndPagesThroughItsAnswers() async throws {
        let asked = Mutex<[String]>([])
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(Self.rows(Self.all.prefix(20)), isLast: false, total: 200) }
        controller.onLoadMore { more in
            ListPage(Self.rows(Self.all.dropFirst(more.loadedCount).prefix(20)), isLast: more.loadedCount + 20 >= 200)
        }
        controller.onSearch { query, more in
            asked.withLock { $0.append("\(query)@\(more.page)/\(more.loadedCount)") }
            let hits = Self.all.filter { $0.hasSuffix("7") }   // 20 of them
            return ListPage(Self.rows(hits.dropFirst(more.loadedCount).prefix(15)),
                            isLast: more.loadedCount + 15 >= hits.count, total: hits.count)
        }
        let session = try controller.session(rows: 30)
        try await session.waitUntilSettled()
        for key in ["/", "7"] { session.press(key) }
        // Typing narrows the loaded rows at once.
        let loaded = session.snapshot.rows
        #expect(session.snapshot.visibleRows == loaded.filter { $0.title.contains("7") })
        #expect(session.snapshot.visibleRows.count < 20)
        #expect(session.snapshot.query == "7")
        session.press("enter")
        try await session.waitUntil { $0.querySentToSource && $0.rows.count >= 15 }
        #expect(session.snapshot.visibleRows.map(\.id).prefix(3) == ["package-7", "package-17", "package-27"])
        // The next page comes near the end (by itself on a tall screen, or with space).
        session.press("G")
        session.press("space")
        try await session.waitUntil { $0.status == .allLoaded }
        #expect(session.snapshot.rows.count == 20)
        #expect(asked.withLock { $0 } == ["7@0/0", "7@1/15"])
        // Esc: the rows without the search again.
        session.press("esc")
        try await session.waitUntil { !$0.querySentToSource && $0.status == .ready }
        #expect(session.snapshot.rows.first?.id == "package-1")
        #expect(session.snapshot.query == nil)
        session.close()
    }
}
