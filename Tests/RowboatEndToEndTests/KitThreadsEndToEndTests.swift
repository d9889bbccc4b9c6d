import Foundation
import Testing

/// A kit program that only gives closures carries no HTTP, SQLite, YAML or
/// simdjson (issue #35's weight): the examples' binaries hold none of those
/// libraries' names, and the first example, running in a terminal, has no
/// NIO event loop threads (their names start with "NIO-").
@Suite(.serialized, .timeLimit(.minutes(1)))
struct KitThreadsEndToEndTests {
    /// The names of the threads of `pid`.
    static func threadNames(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .newlines) }
    }

    @Test func aListOfClosuresOpensNoEventLoops() async throws {
        let tmux = try TmuxSession(arguments: [], columns: 80, rows: 20, program: TmuxSession.sibling("first-list"))
        try await tmux.waitForScreen { $0.contains("Number 17") && $0.contains("ready") }
        // Scrolled to load more pages (work done, still no network).
        try tmux.send("G")
        try await tmux.waitForScreen { $0.contains("numbers · 40/?") || $0.contains("numbers · 60/?") }
        let shell = try #require(try tmux.panePID())
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let program = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        let names = Self.threadNames(program)
        #expect(!names.isEmpty)
        #expect(!names.contains { $0.hasPrefix("NIO-") }, "threads: \(names)")
        // The one thread that owns the terminal goes by its name (in `top -H`, `perf`).
        #expect(names.filter { $0 == "rowboat-ui" }.count == 1, "threads: \(names)")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    /// Names each of those libraries leaves in a binary that links it.
    static let heavy = ["NIOPosix", "AsyncHTTPClient", "GRDB", "Yams", "simdjson", "CNIOBoringSSL"]

    @Test func theExamplesLinkNoneOfTheAppsLibraries() throws {
        for example in ["first-list", "rowboat-git-log", "processes"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: TmuxSession.sibling(example)))
            for name in Self.heavy {
                #expect(bytes.range(of: Data(name.utf8)) == nil, "\(name) is in \(example)")
            }
        }
        // The check sees them where they are.
        let app = try Data(contentsOf: URL(fileURLWithPath: TmuxSession.sibling("rowboat")))
        for name in Self.heavy {
            #expect(app.range(of: Data(name.utf8)) != nil, "\(name) is not in rowboat")
        }
    }
}
