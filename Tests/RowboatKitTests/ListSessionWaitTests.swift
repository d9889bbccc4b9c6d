import RowboatKit
import Testing

/// A headless session's waits end when their task is cancelled (a test's
/// time limit), so a condition that never comes fails the test rather
/// than hanging the process.
@Suite(.timeLimit(.minutes(1)))
struct ListSessionWaitTests {
    @Test func aCancelledWaitReturns() async throws {
        let controller = ListController(title: "never")
        controller.onReload { ListPage([ListRow(id: "1", title: "one")], isLast: true) }
        let session = try controller.session()
        defer { session.close() }
        await session.waitUntilSettled()
        let waiting = Task { await session.waitUntil { $0.rows.count == 99 } }
        waiting.cancel()
        await waiting.value
        #expect(session.snapshot.rows.count == 1)
        // Cancelled before it starts to wait: it returns too.
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await session.waitUntil { _ in false }
        }
        await late.value
    }
}
