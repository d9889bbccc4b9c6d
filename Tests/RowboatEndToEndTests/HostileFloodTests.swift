import Foundation
import Testing

/// The TUI against paging that never ends by itself (the real binary in
/// tmux, the real `rowboat-hostile` in another pane): it
/// stops loading on its own, says why in the footer, and the hostile
/// server's own request counts show how many requests it made.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HostileFloodTests {
    typealias H = HostileTerminal

    /// Requests the server has seen for `path`, read with the real
    /// `rowboat fetch` from its `/requests` route.
    func requests(_ path: String, on server: H.Server) throws -> Int {
        let result = try Subprocess.run([TmuxSession.binary, "fetch", "request-counts", "--config", try server.config(),
                                         "--format", "tsv"])
        #expect(result.status == 0)
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            // id, title (both the path), subtitle (the count)
            if fields.count == 3, fields[0] == path { return Int(fields[2]) ?? -1 }
        }
        return 0
    }

    /// After the footer says why loading stopped: a barrier (help opens and
    /// closes, so every action before it has been handled), then the count.
    func countAfterBarrier(_ tmux: TmuxSession, _ path: String, on server: H.Server) async throws -> Int {
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("any key closes") }
        try tmux.send("x")
        try await tmux.waitForScreen { !$0.contains("any key closes") }
        return try requests(path, on: server)
    }

    func quit(_ tmux: TmuxSession) async throws {
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty, "stderr: \(tmux.file("stderr"))")
    }

    @Test(arguments: [("loop-cursor", "/loop/cursor", "cursor"), ("loop-nexturl", "/loop/nexturl", "next-page URL"),
                      ("loop-link", "/loop/link", "next-page URL")])
    func aPagingLoopStopsWithTheLoopInTheFooter(key: String, path: String, noun: String) async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse(key, on: server, log: log)
        let screen = try await tmux.waitForScreen {
            $0.contains("stopped: the server sent a \(noun) it had sent before (a paging loop)")
        }
        // Two pages of three, the first page again under its own cursor, then the repeat.
        #expect(screen.contains("item 6") && !screen.contains("item 7"))
        #expect(try await countAfterBarrier(tmux, path, on: server) == 3)
        // Space and moving past the end ask for nothing more.
        try tmux.send("Space", "G", "j")
        #expect(try await countAfterBarrier(tmux, path, on: server) == 3)
        try await quit(tmux)
    }

    @Test func pagesOfRepeatedItemsStopAutomaticLoadsButSpaceStillLoads() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("repeat-items", on: server, log: log)
        try await tmux.waitForScreen { $0.contains("the last page added nothing new — space loads more") }
        // The first page, and one automatic load that added nothing.
        #expect(try await countAfterBarrier(tmux, "/loop/repeat", on: server) == 2)
        try tmux.send("G", "j", "j")
        #expect(try await countAfterBarrier(tmux, "/loop/repeat", on: server) == 2)
        // Space asks once more; that page adds nothing either.
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("Repeated r2 item 1") }
        #expect(try await countAfterBarrier(tmux, "/loop/repeat", on: server) == 3)
        try await quit(tmux)
    }

    @Test func maxPagesAppliesInTheTUI() async throws {
        // One fresh item a page, endless: the screen never fills before the
        // endpoint's paging.maxPages (20) ends the loading.
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("endless-pages", on: server, log: log, rows: 40)
        let screen = try await tmux.waitForScreen { $0.contains("stopped after 20 pages (paging.maxPages)") }
        #expect(screen.contains("item 20") && !screen.contains("item 21"))
        #expect(try await countAfterBarrier(tmux, "/loop/endless", on: server) == 20)
        try tmux.send("Space", "G", "j")
        #expect(try await countAfterBarrier(tmux, "/loop/endless", on: server) == 20)
        try await quit(tmux)
    }
}
