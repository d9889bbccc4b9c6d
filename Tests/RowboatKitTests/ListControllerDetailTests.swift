import Foundation
import RowboatKit
import Synchronization
import Testing

/// Your own detail (issue #35): the hook runs when a detail opens, its
/// fields and text replace the row's, a failure says why and `r` asks again.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerDetailTests {
    struct Gone: Error, CustomStringConvertible {
        var description: String { "process 7 is gone" }
    }

    @Test func theHookFailsThenRetryShowsItsFields() async throws {
        let calls = Mutex(0)
        let controller = ListController(title: "procs")
        controller.onReload { ListPage([ListRow(id: "7", title: "seven", fields: ["cpu": "1%"])], isLast: true) }
        controller.onDetail { row in
            let n = calls.withLock { $0 += 1; return $0 }
            if n == 1 { throw Gone() }
            return ListDetail(fields: [ListField(name: "state", value: "sleeping"), ListField(name: "pid", value: row.id)],
                              text: "VmRSS: 1024 kB")
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("enter")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("✗ process 7 is gone · r to retry") } }
        #expect(session.snapshot.detail?.id == "7")
        session.press("r")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("sleeping") } }
        let frame = session.frame()
        #expect(frame.contains { $0.hasPrefix(" state") || $0.contains("state  sleeping") })
        #expect(frame.contains { $0.contains("VmRSS: 1024 kB") })
        #expect(!frame.contains { $0.contains("cpu") })
        #expect(calls.withLock { $0 } == 2)
        // Help in the detail names the retry key; a list without a hook has none.
        session.press("?")
        #expect(session.frame().contains { $0.range(of: #"(^|\s)r\s+refresh"#, options: .regularExpression) != nil })
        session.close()
    }

    @Test func whileItLoadsTheDetailSaysSo() async throws {
        let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let controller = ListController()
        controller.onReload { ListPage([ListRow(id: "1", title: "one")], isLast: true) }
        controller.onDetail { _ in
            await withCheckedContinuation { c in gate.withLock { $0 = c } }
            return ListDetail(fields: ["late": "yes"])
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("enter")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("loading the detail…") } }
        while gate.withLock({ $0 == nil }) { await Task.yield() }
        gate.withLock { $0?.resume(); $0 = nil }
        try await session.waitUntil { _ in session.frame().contains { $0.contains("late") } }
        #expect(!session.frame().contains { $0.contains("loading the detail…") })
        session.close()
    }
}

/// The detail keeps a text's line breaks and paragraphs, shows the row's
/// link, and lists the hook's fields given as pairs.
@Suite(.timeLimit(.minutes(1)))
struct ListDetailTextTests {
    @Test func paragraphsAndTheLinkAreShown() async throws {
        let controller = ListController(title: "packages")
        controller.onReload {
            ListPage([ListRow(id: "curl", title: "curl", subtitle: "command line tool", link: "https://curl.se/")], isLast: true)
        }
        controller.onDetail { _ in
            ListDetail(fields: [("Version", "8.5.0"), ("Size", "500 kB")],
                       text: "line one\nline two\n\nparagraph two\n")
        }
        let session = try controller.session(columns: 60, rows: 20)
        try await session.waitUntilSettled()
        session.press("enter")
        try await session.waitUntil { $0.detail?.value("Version") == "8.5.0" }
        let frame = session.frame().map { String($0.reversed().drop { $0 == " " }.reversed()) }
        let text = frame.firstIndex { $0.hasSuffix("text     line one") }
        #expect(text != nil)
        if let text {
            #expect(Array(frame[text...].prefix(4)) == [" text     line one", "          line two", "", "          paragraph two"]
                    || Array(frame[text...].prefix(4)) == ["text     line one", "         line two", "", "         paragraph two"])
        }
        #expect(frame.contains { $0.contains("link") && $0.contains("https://curl.se/") })
        // The title once, on the title line (and in the status bar's "item curl").
        #expect(frame.filter { $0.contains("curl") && !$0.contains("https") && !$0.contains("item curl") } == [" ‹ curl"])
        session.close()
    }
}
