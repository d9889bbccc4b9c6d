import Foundation
import RowboatDemo
import Testing

/// The real binary in a real terminal (tmux) against the embedded demo
/// server: what a new user sees when they type `rowboat`.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct BrowseDemoTests {
    /// The line of the screen (with colour codes) that holds `text`.
    func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// The selection style: background 25 in the default theme, reverse
    /// video in the monochrome one.
    func isHighlighted(_ line: String?) -> Bool {
        guard let line else { return false }
        return line.contains("48;5;25") || line.hasPrefix("\u{1B}[7m") || line.hasPrefix("\u{1B}[0;7m")
    }

    @Test func browsesDemoMovesSelectionAndQuitsCleanly() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        var screen = try tmux.screen(escapes: true)
        #expect(isHighlighted(line(containing: "Brass Lantern", in: screen)))
        #expect(screen.contains("items · 30/1000 · page 1/34"))
        #expect(screen.contains("Title") && screen.contains("Price") && screen.contains("Date"))
        try tmux.send("j", "j", "j")
        screen = try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Copper Telescope 4", in: $0)) }
        #expect(!isHighlighted(line(containing: "Brass Lantern", in: screen)))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(tmux.file("before").isEmpty == false)
        #expect(tmux.file("stderr").isEmpty)
    }

    @Test func pagesDownLoadsMoreAndEndReachesTheLastLoadedRow() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("NPage", "NPage")
        try await tmux.waitForScreen { $0.contains("/1000 · page 2/34") }
        try tmux.send("Home")
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Brass Lantern", in: $0)) }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func enterOpensDetailAndEscapeGoesBack() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("j", "j", "Enter")
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("Rocket 🚀 Launcher"))
        #expect(detail.contains("price"))
        // The text scrolls above the related strip: the description is further down.
        try tmux.send("PageDown")
        try await tmux.waitForScreen { $0.contains("description") }
        try tmux.send("Escape")
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Rocket", in: $0)) && !$0.contains("esc back") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func gridViewMovesInTwoDimensionsAndKeepsTheSelection() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("v")
        try await tmux.waitForScreen { $0.contains("grid") && $0.contains("v table") }
        try tmux.send("l", "Enter")
        let detail = try await tmux.waitForScreen { $0.contains("esc back") }
        #expect(detail.contains("青花瓷茶杯 Teacup"))
        try tmux.send("Escape", "v")
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "青花瓷茶杯", in: $0)) && $0.contains("Price") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }

    @Test func favoritesPersistAndShowOfflineInTheNextRun() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        do {
            let first = try TmuxSession(arguments: [], environment: ["XDG_CACHE_HOME": cache])
            try await first.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            try first.send("j", "*")
            try await first.waitForScreen { $0.contains("★ 青花瓷茶杯") }
            try first.send("q")
            #expect(await first.waitForExit() == 0)
        }
        // Same config, no server listening on its port: the list fails, the
        // favorites (from the cache database) are still there.
        let second = try TmuxSession(arguments: ["--config", "Config/demo.yaml"], environment: ["XDG_CACHE_HOME": cache])
        try await second.waitForScreen { $0.contains("Could not load") || $0.contains("failed") || $0.contains("ready") }
        try second.send("F")
        let screen = try await second.waitForScreen { $0.contains("favorites 1") }
        #expect(screen.contains("★ 青花瓷茶杯 Teacup"))
        try second.send("q")
        #expect(await second.waitForExit() == 0)
    }

    /// `localCache.enabled: false` turns the cache off, not favorites: a
    /// star added in one run is there in the next.
    @Test func favoritesAreKeptWithCachingOff() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fav-off-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try await DemoServer.withRunning { server in
            let config = cache + "/off.yaml"
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
            try (try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
                .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
                + "\nlocalCache:\n  enabled: false\n").write(toFile: config, atomically: true, encoding: .utf8)
            let environment = ["XDG_CACHE_HOME": cache]
            do {
                let first = try TmuxSession(arguments: ["--config", config], environment: environment)
                try await first.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
                try first.send("j", "*")
                try await first.waitForScreen { $0.contains("★ 青花瓷茶杯") && $0.contains("added to favorites") }
                try first.send("q")
                #expect(await first.waitForExit() == 0)
            }
            let second = try TmuxSession(arguments: ["--config", config], environment: environment)
            try await second.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
            try second.send("F")
            let screen = try await second.waitForScreen { $0.contains("favorites 1") }
            #expect(screen.contains("★ 青花瓷茶杯 Teacup"))
            try second.send("q")
            #expect(await second.waitForExit() == 0)
        }
    }

    @Test func resizeKeepsSelectionAndTooSmallShowsNotice() async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("j", "j")
        try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Rocket", in: $0)) }
        try tmux.resize(columns: 20, rows: 4)
        try await tmux.waitForScreen { $0.contains("too small") }
        try tmux.resize(columns: 60, rows: 15)
        let screen = try await tmux.waitForScreen(escapes: true) { isHighlighted(line(containing: "Rocket", in: $0)) }
        #expect(!screen.contains("too small"))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"))
    }

    /// A signal restores the terminal, then exits 128 + its number, as
    /// other Unix tools do (SIGTERM 15 → 143, SIGINT 2 → 130, SIGHUP 1 → 129).
    @Test(arguments: [("TERM", 143), ("INT", 130), ("HUP", 129)])
    func terminatingSignalRestoresTheTerminal(signal: String, status: Int) async throws {
        let tmux = try TmuxSession(arguments: [])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        let pid = try #require(try tmux.panePID())
        try Subprocess.run(["pkill", "-\(signal)", "-P", String(pid), "-x", "rowboat"], captureOutput: false)
        #expect(await tmux.waitForExit() == status)
        #expect(tmux.file("before") == tmux.file("after"))
        let screen = try tmux.screen()
        #expect(!screen.contains("Brass Lantern"), "alternate screen left")
    }

    /// Ctrl-C typed in the terminal (the tty sends SIGINT) exits 130.
    @Test func controlCExits130AfterRestoringTheTerminal() async throws {
        let tmux = try TmuxSession(arguments: [], shellIgnoresInterrupt: true)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        try tmux.send("C-c")
        #expect(await tmux.waitForExit() == 130)
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(tmux.file("stderr").isEmpty)
    }

    /// A crash (a trap in our code is SIGILL or SIGTRAP, a bad access
    /// SIGSEGV or SIGBUS, an abort SIGABRT) restores the terminal before
    /// the process dies of it. The fault is a real fatal signal sent to the
    /// real binary after its first frame: the binary has no fault to inject.
    @Test(arguments: [("ILL", 4), ("TRAP", 5), ("SEGV", 11), ("BUS", 7), ("ABRT", 6)])
    func aCrashStillRestoresTheTerminal(signal: String, number: Int) async throws {
        let tmux = try TmuxSession(arguments: [], environment: ["SWIFT_BACKTRACE": "enable=no"])
        try await tmux.waitForScreen { $0.contains("Brass Lantern") }
        let pid = try #require(try tmux.panePID())
        try Subprocess.run(["pkill", "-\(signal)", "-P", String(pid), "-x", "rowboat"], captureOutput: false)
        // The shell's status for a process killed by a signal: 128 + its number.
        #expect(await tmux.waitForExit() == 128 + number)
        #expect(tmux.file("before") == tmux.file("after"))
        #expect(try !tmux.screen().contains("Brass Lantern"), "alternate screen left")
    }

    @Test(arguments: [("dumb", "cannot move the cursor"), ("no-such-terminal", "cannot use terminal type")])
    func unusableTerminalGivesOneLineError(term: String, message: String) async throws {
        let tmux = try TmuxSession(arguments: [], environment: ["TERM": term])
        #expect(await tmux.waitForExit() == 1)
        let stderr = tmux.file("stderr").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(stderr.split(separator: "\n").count == 1)
        #expect(stderr.hasPrefix("rowboat: "), "one error style everywhere")
        #expect(stderr.contains(message))
        #expect(tmux.file("before") == tmux.file("after"))
    }

    @Test func brokenConfigGivesOneLineErrorAndCleanTerminal() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("broken.yaml").path
        try "server: http://127.0.0.1:1\ninterfaces:\n  items:\n    url: /x\n    pagign: {}\n    item: {title: t}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", file])
        #expect(await tmux.waitForExit() == 1)
        let stderr = tmux.file("stderr").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(stderr.split(separator: "\n").count == 1)
        #expect(stderr == "rowboat: \(file):5:5: interfaces.items.pagign: unknown key \"pagign\"; did you mean \"paging\"?")
        #expect(tmux.file("before") == tmux.file("after"))
    }
}
