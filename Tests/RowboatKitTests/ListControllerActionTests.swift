import Foundation
import RowboatKit
import Synchronization
import Testing

/// Your own actions through the public API (issue #35): keys, help,
/// confirm, rows they apply to, errors, the marked rows at once, and what
/// they do to the list afterwards.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerActionTests {
    static func rows(_ range: ClosedRange<Int>, state: String = "open") -> [ListRow] {
        range.map { ListRow(id: "\($0)", title: "Row \($0)", fields: ["state": $0 % 2 == 0 ? "done" : state]) }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the server refused\nsecond line" }
    }

    func settled(_ controller: ListController) async throws -> ListSession {
        let session = try controller.session()
        try await session.waitUntilSettled()
        return session
    }

    func waitForText(_ session: ListSession, _ text: String) async throws {
        try await session.waitUntil { _ in session.frame().contains { $0.contains(text) } }
    }

    @Test func aKeyAsksToConfirmThenRemovesTheRow() async throws {
        let ran = Mutex<[[String]]>([])
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...5), isLast: true) }
        controller.addAction("Archive", key: "A", confirm: "Archive ${item.title}?") { rows in
            ran.withLock { $0.append(rows.map(\.id)) }
            return ListActionResult("archived", then: .remove)
        }
        let session = try await settled(controller)
        session.press("j")
        session.press("A")
        #expect(session.frame().contains { $0.contains("Archive Row 2?") })
        #expect(ran.withLock { $0 }.isEmpty)
        session.press("y")
        try await session.waitUntil { $0.rows.count == 4 }
        try await waitForText(session, "archived")
        #expect(ran.withLock { $0 } == [["2"]])
        #expect(session.snapshot.rows.map(\.id) == ["1", "3", "4", "5"])
        #expect(session.snapshot.rows[session.snapshot.selection].id == "3")
        // Help names it by its key and title.
        session.press("?")
        #expect(session.frame().contains { $0.contains("A") && $0.contains("Archive") })
        session.close()
    }

    @Test func whatItThrowsIsOneLine() async throws {
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...3), isLast: true) }
        controller.addAction("Send", key: "S") { _ in throw Refused() }
        let session = try await settled(controller)
        session.press("S")
        try await waitForText(session, "Send: failed: the server refused")
        #expect(!session.frame().contains { $0.contains("second line") })
        #expect(session.snapshot.rows.count == 3)
        session.close()
    }

    @Test func onlyForTheRowsItAppliesTo() async throws {
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...4), isLast: true) }
        controller.addAction("Close", key: "K", appliesTo: { $0.value("state") == "open" }) { rows in
            .message("closed \(rows.map(\.id).joined(separator: ","))")
        }
        let session = try await settled(controller)
        session.press("a")
        #expect(session.frame().contains { $0.contains("Close") })
        session.press("esc")
        session.press("j")   // row 2: done
        session.press("a")
        #expect(!session.frame().contains { $0.contains("Close") })
        session.press("esc")
        session.press("K")
        #expect(session.frame().contains { $0.contains("Close: does not apply to this row") })
        // Marked rows: it runs on those it applies to, all at once.
        session.press("g")
        session.press("M")
        session.press("K")
        try await waitForText(session, "closed 1,3")
        session.close()
    }

    @Test func markedRowsAtOnceAndReplaceAfter() async throws {
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...4), isLast: true) }
        controller.addAction("Finish", key: "W") { rows in
            .replace(rows.map { ListRow(id: $0.id, title: $0.title + " ✓", fields: ["state": "done"]) })
        }
        let session = try await settled(controller)
        session.press("m")   // row 1, and on to row 2
        session.press("j")
        session.press("m")   // row 3
        session.press("W")
        try await session.waitUntil { $0.rows.filter { $0.title.hasSuffix("✓") }.count == 2 }
        #expect(session.snapshot.rows.map(\.title) == ["Row 1 ✓", "Row 2", "Row 3 ✓", "Row 4"])
        // One run for both rows.
        try await waitForText(session, "Finish: done")
        session.close()
    }

    @Test func refreshAfter() async throws {
        let reloads = Mutex(0)
        let controller = ListController()
        controller.onReload {
            let n = reloads.withLock { $0 += 1; return $0 }
            return ListPage(Self.rows(1...(2 + n)), isLast: true)
        }
        controller.addAction("Add", key: "N") { _ in .refresh }
        let session = try await settled(controller)
        #expect(session.snapshot.rows.count == 3)
        session.press("N")
        try await session.waitUntil { $0.rows.count == 4 }
        #expect(reloads.withLock { $0 } == 2)
        session.close()
    }

    @Test func aKeyThatIsTakenIsAClearError() throws {
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...2), isLast: true) }
        controller.addAction("Reload", key: "r") { _ in .done }
        #expect(throws: ListControllerError.self) { try controller.session() }
        do {
            _ = try controller.session()
        } catch {
            #expect("\(error)".contains("action \"Reload\": key \"r\" already does"))
        }
        let twice = ListController()
        twice.onReload { ListPage(Self.rows(1...2), isLast: true) }
        twice.addAction("One", key: "Z") { _ in .done }
        twice.addAction("Two", key: "Z") { _ in .done }
        #expect(throws: ListControllerError.self) { try twice.session() }
        let unknown = ListController()
        unknown.onReload { ListPage(Self.rows(1...2), isLast: true) }
        unknown.addAction("Odd", key: "ctrl-what") { _ in .done }
        #expect(throws: ListControllerError.self) { try unknown.session() }
    }
}
