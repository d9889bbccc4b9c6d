import Foundation
import RowboatKit
import Synchronization
import Testing

/// What an action hands on (text to copy, a program to give the terminal
/// to), the confirm naming every marked row, and the per-row helper.
@Suite(.timeLimit(.minutes(1)))
struct ListActionResultTests {
    static func rows(_ names: [String]) -> [ListRow] {
        names.map { ListRow(id: $0, title: $0, fields: ["version": "\($0.count).0"]) }
    }

    func settled(_ controller: ListController) async throws -> ListSession {
        let session = try controller.session(columns: 100)
        try await session.waitUntilSettled()
        return session
    }

    @Test func aConfirmNamesTheMarkedRowsAndTheActionGetsThemAllOnce() async throws {
        let ran = Mutex<[[String]]>([])
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(Self.rows(["apt", "bash", "curl", "dpkg"]), isLast: true) }
        controller.addAction("Remove", key: "D", confirm: "Remove ${marked.title}?") { rows in
            ran.withLock { $0.append(rows.map(\.id)) }
            return .remove
        }
        let session = try await settled(controller)
        for key in ["m", "m", "j", "m"] { session.press(key) }   // apt, bash, dpkg
        session.press("D")
        #expect(session.snapshot.confirm == "Remove apt, bash and dpkg?\nfor the 3 marked rows")
        session.press("y")
        try await session.waitUntil { $0.rows.count == 1 }
        #expect(ran.withLock { $0 } == [["apt", "bash", "dpkg"]])
        #expect(session.snapshot.lastToast == "Remove: done for 3 rows")
        session.close()
    }

    @Test func copyHandsTheExactTextOn() async throws {
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(Self.rows(["curl"]), isLast: true) }
        controller.addAction("Copy version", key: "V") { rows in .copy(rows[0].value("version") + "\t\u{1B}x", what: "the version") }
        let session = try await settled(controller)
        session.press("V")
        // The copy goes to a clipboard tool or, failing that, says why: either way the toast names it.
        try await session.waitUntil { $0.lastToast?.contains("the version") == true || $0.lastToast?.hasPrefix("cannot copy") == true }
        session.close()
    }

    @Test func aHandOverNeedsATerminalAndSaysSoInASession() async throws {
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(Self.rows(["curl"]), isLast: true) }
        controller.addAction("Read", key: "L") { rows in .runInteractive(["less", rows[0].id]) }
        controller.addAction("Broken", key: "B") { _ in .runInteractive(["printf", "a\u{0}b"]) }
        controller.addAction("Nothing", key: "N") { _ in .runInteractive([]) }
        let session = try await settled(controller)
        session.press("L")
        try await session.waitUntil { $0.lastToast == "Read: failed: an interactive program needs a terminal" }
        session.press("B")
        try await session.waitUntil {
            $0.lastToast == "Broken: failed: argument 2 of printf holds a NUL byte, which a program's arguments cannot carry"
        }
        session.press("N")
        try await session.waitUntil { $0.lastToast == "Nothing: failed: no program to run (runInteractive got no arguments)" }
        session.close()
    }

    @Test func eachRowTriesEveryRowAndSaysWhichFailed() async throws {
        struct Nope: Error, CustomStringConvertible { var description: String { "not installed" } }
        let tried = Mutex<[String]>([])
        let controller = ListController(title: "packages")
        controller.onReload { ListPage(Self.rows(["apt", "bash", "curl"]), isLast: true) }
        controller.addAction("Check", key: "K") { rows in
            try await rows.eachRow { row in
                tried.withLock { $0.append(row.id) }
                if row.id == "bash" { throw Nope() }
                return "\(row.id) ok"
            }
        }
        let session = try await settled(controller)
        session.press("K")
        try await session.waitUntil { $0.lastToast == "apt ok" }
        session.press("M")
        session.press("K")
        try await session.waitUntil { $0.lastToast?.contains("failed for 1 of 3 rows — bash: not installed") == true }
        #expect(tried.withLock { $0 } == ["apt", "apt", "bash", "curl"])
        session.close()
    }
}
