import Foundation
import Testing

/// The real binary in tmux against `rowboat-hostile`, every
/// byte it writes logged with `pipe-pane`: data never reaches the terminal
/// as a control sequence, the pane title and paste buffers stay untouched,
/// the UI keeps answering, every failure is one message, and the terminal
/// is given back as it was.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HostileTerminalTests {
    typealias H = HostileTerminal

    /// Quits with q and checks the exit, the terminal settings and stderr.
    func quitCleanly(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0, sourceLocation: sourceLocation)
        #expect(tmux.file("before") == tmux.file("after"), "stty -g differs", sourceLocation: sourceLocation)
        #expect(tmux.file("stderr").isEmpty, "stderr: \(tmux.file("stderr"))", sourceLocation: sourceLocation)
    }

    /// The raw log holds only ncurses' own sequences.
    func expectCleanLog(_ log: String, mustContain marker: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        // pipe-pane's cat may lag the screen a little.
        var bytes: [UInt8] = []
        for _ in 0..<40 {
            bytes = H.readLog(log)
            if String(decoding: bytes, as: UTF8.self).contains(marker) { break }
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains(marker), "log lacks \(marker)", sourceLocation: sourceLocation)
        let violations = TerminalLog.violations(bytes)
        #expect(violations.isEmpty, "data reached the terminal raw: \(violations)", sourceLocation: sourceLocation)
    }

    // MARK: the detectors work

    @Test func theCanaryShowsEachDetectorWorks() async throws {
        // The same sequences written straight to the pane (not through
        // rowboat) do set the title, fill a paste buffer and fail the log check.
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let prelude = #"printf '\033]2;CANARY-TITLE\033\\\033]52;c;Q0FOQVJZ\007'; sleep 0.3;"#
        let tmux = try TmuxSession(arguments: [], wrapper: H.wrapper(log: log, prelude: prelude))
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        #expect(try H.paneTitle(tmux) == "CANARY-TITLE")
        #expect(try !H.buffers(tmux).isEmpty)
        let violations = TerminalLog.violations(H.readLog(log))
        #expect(violations.contains { $0.contains("ESC \"]\"") })
        #expect(violations.contains { $0.contains("0x7") })
        #expect(TerminalLog.violations(Array("ok \u{1B}[6n \u{1B}[21t".utf8)).count == 2)
        #expect(TerminalLog.violations(Array("ok \u{9B}6n".utf8)).count == 1)
        #expect(TerminalLog.violations(Array("\u{1B}[?1049h\u{1B}[1;1H\u{1B}[38;5;25mok\u{1B}(B\u{1B}[m".utf8)).isEmpty)
        #expect(TerminalLog.violations([0x41, 0x9B, 0x36, 0x6E]).count == 1)
        try await quitCleanly(tmux)
    }

    // MARK: text from data

    @Test func escapeSequencesInDataNeverReachTheTerminal() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("escapes", on: server, log: log)
        let title = try H.paneTitle(tmux)
        var screen = try await tmux.waitForScreen { $0.contains("PLAIN a harmless row") && $0.contains("all loaded") }
        #expect(screen.contains("OSC52 ]52;c;"))
        #expect(screen.contains("C1OSC 0;PWNED-TITLEeight-bit OSC"))
        // The UI answers: move, open the detail of a hostile row, come back.
        try tmux.send("j", "j", "j")
        screen = try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: "OSC52", in: $0)) }
        try tmux.send("Enter")
        screen = try await tmux.waitForScreen { $0.contains("esc back") && $0.contains("clipboard read") }
        try tmux.send("Escape", "G")
        try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: "PLAIN a harmless", in: $0)) }
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("any key closes") }
        try tmux.send("x")
        try await tmux.waitForScreen { !$0.contains("any key closes") }
        #expect(try H.paneTitle(tmux) == title)
        #expect(try H.paneTitle(tmux) != "PWNED-TITLE")
        #expect(try H.buffers(tmux).isEmpty, "OSC 52 reached tmux")
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "PLAIN a harmless row")
        // ncurses' own exit sequence is there, so the log is complete.
        #expect(String(decoding: H.readLog(log), as: UTF8.self).contains("\u{1B}[?1049l"))
    }

    @Test func hugeTitlesAndCombiningMarksStayResponsive() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("huge", on: server, log: log)
        try await tmux.waitForScreen { $0.contains("HUGE1MB abcdefghij") && $0.contains("PLAIN after the huge") }
        try tmux.send("Enter")
        try await tmux.waitForScreen { $0.contains("esc back") && $0.contains("huge · item 1") }
        try tmux.send("Escape", "j")
        // (Not "COMBINING Z": Z and its marks are one Character.)
        try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: "100,000 combining", in: $0)) }
        try tmux.send("j", "j", "Enter")
        try await tmux.waitForScreen { $0.contains("esc back") && $0.contains("WIDE 界界") }
        try tmux.send("Escape")
        try await tmux.waitForScreen { !$0.contains("esc back") }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "PLAIN after the huge")
    }

    @Test func invalidUTF8IsOneMessageAndTheUIStillAnswers() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("invalid-utf8", on: server, log: log)
        try await tmux.waitForScreen { $0.contains("Could not load the list") && $0.contains("not JSON") }
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("any key closes") }
        try tmux.send("x")
        try await tmux.waitForScreen { $0.contains("press r to retry") }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "Could not load")
    }

    // MARK: bodies

    /// Endpoint → the part of its one error line that must show.
    static let bodyCases: [(String, String)] = [
        ("drip", "network: timed out after 5 s"),
        ("stall", "network: timed out after 5 s"),
        ("huge-length", "response body larger than 4194304 bytes"),
        ("endless", "response body larger than 4194304 bytes"),
        ("gzip-bomb", "response body is compressed (gzip) though no compression was asked for"),
        ("gzip-stream", "response body is compressed (gzip) though no compression was asked for"),
        ("truncated", "not JSON (application/json; charset=utf-8)"),
        ("deep", "JSON nested deeper than 512 levels (the limit)"),
        ("wrong-types", "mapping mismatch at datas.list: found \"not a list\""),
        ("html", "not JSON (text/html; charset=utf-8)"),
        ("empty-204", "empty response"),
        ("reset", "network: connection reset by 127.0.0.1:"),
        ("redirect-loop", "network: more than 5 redirects"),
        ("always-429", "HTTP 429: slow down"),
    ]

    @Test(arguments: bodyCases)
    func hostileBodyIsOneMessageAndTheUIStillAnswers(key: String, message: String) async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse(key, on: server, log: log, columns: 120)
        let screen = try await tmux.waitForScreen(timeout: 45) { $0.contains("Could not load the list") }
        #expect(screen.contains(message), "\(key): \(screen)")
        #expect(screen.components(separatedBy: "Could not load the list").count == 2)
        try tmux.send("?")
        try await tmux.waitForScreen { $0.contains("any key closes") }
        try tmux.send("x")
        try await tmux.waitForScreen { $0.contains("press r to retry") }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "Could not load")
    }

    @Test(arguments: [("cross-origin", "Other origin 1-1", "Other origin 1-2"), ("retry-429", "Retried 1-1", "Retried 1-2"),
                      ("wrong-fields", "WRONGFIELDS", "title is an object")])
    func redirectsRetriesAndOddFieldsStillShowRows(key: String, row: String, second: String) async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse(key, on: server, log: log)
        try await tmux.waitForScreen(timeout: 45) { $0.contains(row) && $0.contains("all loaded") }
        try tmux.send("j")
        try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: second, in: $0)) }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: row)
    }

    // MARK: pages

    @Test func aSlowPageOvertakenByARefreshIsDropped() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        // 8 rows: 10 items fill the screen, so nothing loads by itself.
        let tmux = try H.browse("out-of-order", on: server, log: log, rows: 8)
        try await tmux.waitForScreen { $0.contains("10/50 · page 1/5 · ready") }
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("20/50 · page 2/5 · ready") }
        try tmux.send("Space")                      // page 3: the server takes 3 s
        try await tmux.waitForScreen { $0.contains("loading more") }
        try tmux.send("r")                          // page 1 again: fast; the slow page 3 is dropped
        var screen = try await tmux.waitForScreen { $0.contains("10/50 · page 1/5 · ready") }
        #expect(!screen.contains("Ordered 3-"))
        // The barrier: page 3 asked for again. It is answered 3 s after a
        // request sent later than the dropped one, so a late answer to that
        // one would have landed first; the list must still grow 1, 2, 3.
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("20/50 · page 2/5 · ready") }
        try tmux.send("Space")
        screen = try await tmux.waitForScreen { $0.contains("30/50 · page 3/5 · ready") }
        #expect(screen.contains("30/50 · page 3/5 · ready"))
        try tmux.send("G")
        try await tmux.waitForScreen { $0.contains("Ordered 3-10") }
        try await quitCleanly(tmux)
    }

    @Test func aFailedLaterPageKeepsThePreviousRows() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("fail-second", on: server, log: log, rows: 8)
        try await tmux.waitForScreen { $0.contains("10/30 · page 1/3 · ready") }
        try tmux.send("Space")
        let screen = try await tmux.waitForScreen { $0.contains("failed — r to retry") }
        #expect(screen.contains("Kept 1-1"))
        #expect(screen.contains("✗ HTTP 500: page two is broken"))
        #expect(screen.contains("10/30 · page 1/3 · failed"))
        try tmux.send("j")
        try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: "Kept 1-2", in: $0)) }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "page two is broken")
    }

    // MARK: the terminal itself

    @Test func twoHundredResizesDownToOneByOne() async throws {
        let server = try await H.Server()
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try H.browse("huge", on: server, log: log)
        try await tmux.waitForScreen { $0.contains("PLAIN after the huge") }
        let sizes = [(1, 1), (20, 3), (100, 30), (2, 1), (37, 9), (1, 40), (200, 2), (30, 6)]
        for i in 0..<200 {
            let (columns, rows) = sizes[i % sizes.count]
            try tmux.resize(columns: columns, rows: rows)
        }
        try tmux.resize(columns: 100, rows: 30)
        try await tmux.waitForScreen { $0.contains("PLAIN after the huge") && $0.contains("all loaded") }
        try tmux.send("j")
        try await tmux.waitForScreen(escapes: true) { H.isHighlighted(H.line(containing: "100,000 combining", in: $0)) }
        try await quitCleanly(tmux)
        await expectCleanLog(log, mustContain: "PLAIN after the huge")
    }

    @Test func cLocaleWritesOnlyASCIIAndKeepsTheLayout() async throws {
        let log = H.logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try TmuxSession(arguments: [], environment: ["LANG": "C", "LC_ALL": "C"], wrapper: H.wrapper(log: log))
        let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        // Non-ASCII text is drawn as "?", wide characters as "? ", so the
        // columns still line up.
        let plain = try #require(H.line(containing: "Brass Lantern", in: screen))
        let wide = try #require(H.line(containing: "Launcher", in: screen))
        #expect(plain.firstRange(of: "84.48")?.upperBound.utf16Offset(in: plain)
            == wide.firstRange(of: "355.28")?.upperBound.utf16Offset(in: wide))
        try tmux.send("j", "Enter")
        try await tmux.waitForScreen { $0.contains("esc back") }
        try tmux.send("Escape")
        try await quitCleanly(tmux)
        let bytes = H.readLog(log)
        #expect(!bytes.isEmpty)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "non-ASCII bytes under LANG=C")
        #expect(TerminalLog.violations(bytes).isEmpty)
    }

    @Test func closedStdoutIsOneClearMessage() async throws {
        let tmux = try TmuxSession(arguments: [], wrapper: ["sh", "-c", "exec \"$0\" \"$@\" >&-"])
        #expect(await tmux.waitForExit() == 1)
        #expect(tmux.file("stderr") == "rowboat: standard output is closed; nothing to write to\n")
        #expect(tmux.file("before") == tmux.file("after"))
    }

    // MARK: the cache

    @Test func cacheDirectoryThatIsAFileMeansNoCacheAndSaysSo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-cachefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // $XDG_CACHE_HOME/rowboat must be a directory; here it is a file.
        try Data("not a directory".utf8).write(to: home.appendingPathComponent("rowboat"))
        let tmux = try TmuxSession(arguments: [], columns: 220, rows: 10, environment: ["XDG_CACHE_HOME": home.path])
        let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("cache disabled") }
        #expect(screen.contains("cache disabled: cannot create \(home.path)/rowboat"))
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("60/1000 · page 2/34 · ready") }
        try await quitCleanly(tmux)
    }

    /// Whether this machine lets us mount a tmpfs in a private mount
    /// namespace (root, or user namespaces), for the read-only and full-disk cases.
    static let canMount: Bool = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-mnt-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let status = try? Subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o ro tmpfs \(dir.path)"],
                                         captureOutput: false).status
        return status == 0
    }()

    /// rowboat with its cache directory on a fresh tmpfs mounted with
    /// `options`, in a mount namespace of its own (gone when it exits).
    /// `df` of the cache filesystem as rowboat left it goes to `report`.
    func browseDemoWithCacheOn(_ options: String, home: URL, report: String? = nil) throws -> TmuxSession {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let dir = TmuxSession.quote(home.path)
        let df = report.map { "; df -Pk \(dir) | tail -1 > \(TmuxSession.quote($0))" } ?? ""
        let script = "mount -t tmpfs -o \(options) tmpfs \(dir) || exit 97; \"$0\" \"$@\"; rc=$?\(df); exit $rc"
        return try TmuxSession(arguments: [], columns: 220, rows: 10, environment: ["XDG_CACHE_HOME": home.path],
                               wrapper: ["unshare", "-m", "sh", "-c", script])
    }

    @Test(.enabled(if: canMount, "needs unshare -m and mount (root or user namespaces)"))
    func readOnlyCacheFilesystemMeansNoCacheAndSaysSo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-ro-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let tmux = try browseDemoWithCacheOn("ro", home: home)
        let screen = try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("cache disabled") }
        #expect(screen.contains("cache disabled: cannot create \(home.path)/rowboat: Read-only file system"))
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("60/1000 · page 2/34 · ready") }
        try await quitCleanly(tmux)
    }

    @Test(.enabled(if: canMount, "needs unshare -m and mount (root or user namespaces)"))
    func fullCacheFilesystemMeansNoCacheAndSaysSo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        // 12 KiB: the directory fits, the database does not.
        let tmux = try browseDemoWithCacheOn("size=12k", home: home)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("cache disabled:") }
        try tmux.send("Space")
        try await tmux.waitForScreen { $0.contains("60/1000 · page 2/34 · ready") }
        try await quitCleanly(tmux)
    }

    @Test(.enabled(if: canMount, "needs unshare -m and mount (root or user namespaces)"))
    func cacheFilesystemFillingUpWhileBrowsingDoesNotStopIt() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-fill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        // 200 KiB: the database opens, then fills up after a few pages.
        let report = home.path + ".df"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try browseDemoWithCacheOn("size=200k", home: home, report: report)
        try await tmux.waitForScreen { $0.contains("30/1000 · page 1/34 · ready") }
        for page in 2...8 {
            try tmux.send("Space")
            try await tmux.waitForScreen { $0.contains("\(page * 30)/1000 · page \(page)/34 · ready") }
        }
        try await quitCleanly(tmux)
        // It really filled up: (filesystem, size, used, available, use%, mount).
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        #expect(fields.count == 6 && (Int(fields[3]) ?? 999) < 16, "df: \(fields)")
    }
}
