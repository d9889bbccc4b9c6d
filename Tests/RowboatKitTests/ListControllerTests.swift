import Foundation
import RowboatKit
import Synchronization
import Testing

/// RowboatKit through its public API only: a ListController's closures
/// drive a session (the same state machine as the terminal), and what it
/// shows is read from its snapshot and its frame.
@Suite(.timeLimit(.minutes(1)))
struct ListControllerTests {
    /// Rows `first...last` of a made-up catalog.
    static func rows(_ range: ClosedRange<Int>) -> [ListRow] {
        range.map { ListRow(id: "\($0)", title: "Row \($0)", subtitle: "sub \($0)", fields: ["n": "\($0)"]) }
    }

    /// A controller of `pages` pages of 20 rows.
    static func paged(pages: Int) -> ListController {
        let controller = ListController(title: "numbers")
        controller.onReload { ListPage(Self.rows(1...20), isLast: pages == 1) }
        controller.onLoadMore { more in
            ListPage(Self.rows(more.page * 20 + 1...more.page * 20 + 20), isLast: more.page == pages - 1)
        }
        return controller
    }

    @Test func reloadThenLoadMoreUntilTheLastPage() async throws {
        let session = try Self.paged(pages: 3).session()
        try await session.waitUntilSettled()
        // The first page, and the next one by itself (the screen was not full).
        #expect(session.snapshot.rows.first?.title == "Row 1")
        #expect(session.snapshot.status == .ready)
        while session.snapshot.status != .allLoaded {
            session.press("space")
            try await session.waitUntilSettled()
        }
        #expect(session.snapshot.rows.map(\.id) == (1...60).map(String.init))
        #expect(session.snapshot.pages == 3)
        session.press("G")
        let frame = session.frame()
        #expect(frame.contains { $0.contains("no more items") })
        #expect(frame.last?.contains("numbers · 60/60 · page 3 · all loaded") == true)
        session.close()
    }

    /// The load-more closure is told what is loaded: page number, count and last row.
    @Test func loadMoreIsToldWhatIsLoaded() async throws {
        let asked = Mutex<[ListLoadMore]>([])
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...20), isLast: false) }
        controller.onLoadMore { more in
            asked.withLock { $0.append(more) }
            return ListPage(Self.rows(21...25), isLast: true)
        }
        let session = try controller.session()
        try await session.waitUntil { $0.status == .allLoaded }
        #expect(asked.withLock { $0 } == [ListLoadMore(page: 1, loadedCount: 20, lastRow: Self.rows(20...20)[0])])
        session.close()
    }

    struct Boom: Error, CustomStringConvertible {
        var description: String { "the server said no" }
    }

    @Test func aThrowingReloadShowsTheErrorViewAndRetryLoads() async throws {
        let attempts = Mutex(0)
        let controller = ListController()
        controller.onReload {
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw Boom() }
            return ListPage(Self.rows(1...5), isLast: true)
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        #expect(session.snapshot.status == .failed("the server said no"))
        #expect(session.frame().contains { $0.contains("✗ Could not load the list") })
        #expect(session.frame().contains { $0.contains("press r to retry") })
        session.press("r")
        try await session.waitUntil { $0.status == .allLoaded }
        #expect(session.snapshot.rows.count == 5)
        #expect(attempts.withLock { $0 } == 2)
        session.close()
    }

    /// A refresh while a page loads cancels that load (the closure sees the
    /// cancellation) and its late answer is dropped.
    @Test func aRefreshDuringLoadMoreCancelsItAndDropsItsAnswer() async throws {
        let gate = AsyncStream<Void>.makeStream()
        let sawCancel = AsyncStream<Void>.makeStream()
        let generation = Mutex(0)
        let controller = ListController()
        controller.onReload {
            let n = generation.withLock { $0 += 1; return $0 }
            return ListPage(n == 1 ? Self.rows(1...20) : Self.rows(101...120), isLast: false)
        }
        controller.onLoadMore { _ in
            guard generation.withLock({ $0 }) == 1 else { return ListPage(Self.rows(121...140), isLast: true) }
            for await _ in gate.stream { break }   // held until the test lets go
            if Task.isCancelled { sawCancel.continuation.yield() }
            return ListPage(Self.rows(21...40), isLast: false)
        }
        let session = try controller.session(rows: 50)
        try await session.waitUntil { $0.status == .loadingMore }
        session.press("r")
        try await session.waitUntil { $0.rows.first?.id == "101" }
        gate.continuation.yield()
        var cancels = sawCancel.stream.makeAsyncIterator()
        _ = await cancels.next()                // the load-more saw its cancellation
        try await session.waitUntilSettled()
        #expect(!session.snapshot.rows.contains { $0.id == "21" })
        #expect(session.snapshot.rows.first?.id == "101")
        gate.continuation.finish()
        session.close()
    }

    /// The callback form, like the seeds' performWhenReload: finish later.
    @Test func theCallbackFormFinishesLater() async throws {
        let controller = ListController()
        controller.performWhenReload { completion in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                completion.finish(Self.rows(1...3), isLast: true)
            }
        }
        let session = try controller.session()
        #expect(session.snapshot.status == .loading)
        #expect(session.frame().contains { $0.contains("Loading…") })
        try await session.waitUntil { $0.status == .allLoaded }
        #expect(session.snapshot.rows.map(\.title) == ["Row 1", "Row 2", "Row 3"])
        session.close()
    }

    /// A callback-form load that the user supersedes is told so.
    @Test func aSupersededCompletionIsCancelled() async throws {
        let held = Mutex<ListCompletion?>(nil)
        let (heldCall, called) = AsyncStream<Void>.makeStream()
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...20), isLast: false) }
        controller.performWhenLoadMore { _, completion in
            // The first load-more is held; the one after the refresh finishes.
            let first = held.withLock { stored in
                if stored == nil { stored = completion; return true }
                return false
            }
            if first { called.yield() } else { completion.finish(Self.rows(121...125), isLast: true) }
        }
        let session = try controller.session(rows: 50)
        // The barrier: the held load-more is in the caller's hands (not only asked for).
        for await _ in heldCall { break }
        session.press("r")
        try await session.waitUntilSettled()
        let completion = try #require(held.withLock { $0 })
        #expect(completion.isCancelled)
        completion.finish(Self.rows(21...40), isLast: true)   // too late: ignored
        let expected: [String] = (1...20).map(String.init) + (121...125).map(String.init)
        #expect(session.snapshot.rows.map(\.id) == expected)
        session.close()
    }

    @Test func ownActionsInTheSheetAndTheHooks() async throws {
        let selected = Mutex<[String]>([])
        let opened = Mutex<[String]>([])
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...5), isLast: true) }
        controller.addAction("Shout") { rows in try await rows.eachRow { row in "shouted \(row.title)" } }
        controller.onSelect = { row in selected.withLock { $0.append(row.id) } }
        controller.onOpen = { row in opened.withLock { $0.append(row.id) } }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("j")
        session.press("a")
        #expect(session.frame().contains { $0.contains("Shout") })
        // Add to favorites, Show detail, Shout, then a Copy line per column.
        #expect(session.frame().contains { $0.contains("Copy Title") })
        session.press("j")
        session.press("j")
        session.press("enter")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("shouted Row 2") } }
        session.press("enter")
        #expect(session.snapshot.detail?.id == "2")
        #expect(session.frame().contains { $0.contains("n") && $0.contains("2") })
        #expect(selected.withLock { $0 } == ["1", "2"])
        #expect(opened.withLock { $0 } == ["2"])
        // Back from the detail: the same row, so no hook again; the next row is a new selection.
        session.press("esc")
        session.press("j")
        #expect(selected.withLock { $0 } == ["1", "2", "3"])
        #expect(opened.withLock { $0 } == ["2"])
        session.close()
    }

    /// Marks in a kit app: `m` marks rows, and an action from the sheet runs
    /// once for each marked row, in list order.
    @Test func marksAndAnActionOnEveryMarkedRow() async throws {
        let ran = Mutex<[String]>([])
        let controller = ListController()
        controller.onReload { ListPage(Self.rows(1...5), isLast: true) }
        controller.addAction("Archive") { rows in
            try await rows.eachRow { row in
                ran.withLock { $0.append(row.id) }
                return nil
            }
        }
        let session = try controller.session()
        try await session.waitUntilSettled()
        session.press("j")
        session.press("m")
        session.press("j")
        session.press("m")
        #expect(session.frame().contains { $0.contains("2 marked") })
        #expect(session.frame().contains { $0.contains("●  Row 2") })
        session.press("a")
        session.press("j")                       // Add to favorites, Show detail, Archive
        session.press("j")
        session.press("enter")
        try await session.waitUntil { _ in session.frame().contains { $0.contains("Archive: done for 2 rows") } }
        #expect(ran.withLock { $0 } == ["2", "4"])
        session.close()
    }

    @Test func columnsKeysAndTheGrid() async throws {
        let controller = ListController(title: "mine")
        controller.columns = [ListColumn("title", title: "Name"), ListColumn("n", title: "N", width: 4, alignRight: true)]
        controller.keys = ["moveDown": ["e"], "quit": ["Q"]]
        controller.presentation = .grid
        controller.onReload { ListPage(Self.rows(1...3), isLast: true) }
        let session = try controller.session()
        try await session.waitUntilSettled()
        #expect(session.frame()[0].contains("mine · grid"))
        session.press("v")
        #expect(session.frame()[0].contains("Name") && session.frame()[0].hasSuffix("   N"))
        session.press("e")
        #expect(session.snapshot.selection == 1)
        session.press("j")
        #expect(session.snapshot.selection == 1)
        session.close()
        // A wrong key binding is one clear error.
        controller.keys = ["moveDwn": ["e"]]
        #expect(throws: ListControllerError.self) { try controller.session() }
        let bad = ListController()
        #expect(throws: ListControllerError.self) { try bad.session() }
    }
}
