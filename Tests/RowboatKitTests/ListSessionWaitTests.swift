import RowboatKit
import Testing

/// A headless session's waits end when their time runs out (a wrong
/// condition fails the test, saying what the list was doing) or their task
/// is cancelled (a test's time limit), never hanging the process.
@Suite(.timeLimit(.minutes(1)))
struct ListSessionWaitTests {
    @Test func aCancelledWaitReturns() async throws {
        let controller = ListController(title: "never")
        controller.onReload { ListPage([ListRow(id: "1", title: "one")], isLast: true) }
        let session = try controller.session()
        defer { session.close() }
        try await session.waitUntilSettled()
        let waiting = Task { try await session.waitUntil { $0.rows.count == 99 } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(session.snapshot.rows.count == 1)
        // Cancelled before it starts to wait: it returns too.
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await session.waitUntil { _ in false }
        }
        await #expect(throws: CancellationError.self) { try await late.value }
    }

    @Test func aWaitThatTimesOutThrowsWhatTheListWasDoing() async throws {
        let controller = ListController(title: "numbers")
        controller.onReload { ListPage([ListRow(id: "1", title: "one")], isLast: true) }
        let session = try controller.session()
        defer { session.close() }
        try await session.waitUntilSettled()
        let error = await #expect(throws: ListSessionTimeout.self) {
            try await session.waitUntil(timeout: .milliseconds(50)) { $0.rows.count == 99 }
        }
        #expect(error?.description.hasPrefix("waited 0.05 seconds for the condition; the status bar says: numbers · 1/1") == true)
    }
}
