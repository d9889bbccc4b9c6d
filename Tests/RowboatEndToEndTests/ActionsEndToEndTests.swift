import Foundation
import RowboatDemo
import Testing
import RowboatTestSupport

/// Actions in the real binary: a request action on three marked rows
/// reaches the server once per row with the right ids and the list is
/// refreshed with the marks kept; an interactive program gets the terminal
/// and gives it back intact; quitting leaves no program behind.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ActionsEndToEndTests {
    /// Config/demo.yaml pointed at `server`, `edits` applied, `extra` appended.
    func config(_ server: CountedDemoServer, edits: [(String, String)] = [], extra: String = "", in tmuxDirectory: URL) throws -> String {
        var text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/demo.yaml", encoding: .utf8)
            .replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
        for (old, new) in edits { text = text.replacingOccurrences(of: old, with: new) }
        let path = tmuxDirectory.appendingPathComponent("actions-\(UUID().uuidString.prefix(6)).yaml").path
        try (text + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aRequestOnThreeMarkedRowsReachesTheServerThriceAndTheListRefreshes() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The demo's "Mark sold", refreshing the list afterwards.
        let path = try config(server, edits: [("        then: replace                                    # the answer's item",
                                               "        then: refresh                                    # the answer's item")],
                              in: dir)
        let tmux = try TmuxSession(arguments: ["--config", path, "--images", "off"], columns: 120, rows: 30)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        #expect(server.requestCount(path: "/api/items") == 1)
        try tmux.send("m", "m", "m")
        try await tmux.waitForScreen { $0.contains("3 marked") }
        try tmux.send("S")
        let question = try await tmux.waitForScreen { $0.contains("Mark Brass Lantern, ") && $0.contains("as sold?") }
        #expect(question.contains("for the 3 marked rows"))
        try tmux.send("y")
        try await tmux.waitForScreen { $0.contains("Mark sold: done for 3 rows") }
        for id in 1...3 { #expect(server.requestCount(path: "/api/items/\(id)/sold") == 1, "item \(id)") }
        #expect(server.requestCount(path: "/api/items/4/sold") == 0)
        #expect((1...3).allSatisfy { server.catalog.item(id: $0)?.status == "sold" })
        // Refreshed: the first page asked for again, the marks kept.
        let after = try await tmux.waitForScreen { $0.contains("3 marked") && $0.contains("ready") }
        #expect(server.requestCount(path: "/api/items") == 2)
        #expect(after.contains("●  Brass Lantern"))
        // The detail says so.
        try tmux.send("g", "Enter")
        try await tmux.waitForScreen { $0.contains("esc back") && $0.contains("sold") }
        try tmux.send("Escape", "q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
        await server.stop()
    }

    @Test func anInteractiveProgramGetsTheTerminalAndGivesItBack() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try config(server, extra: """
        actions:
          - title: Shell
            key: Z
            interactive: true
            run: [sh, -c, 'printf "IN THE PROGRAM %s\\n" "$1"; read answer; printf "%s" "$answer" > "$2"', sh, "${item.title}", "\(dir.path)/answer"]
        """, in: dir)
        let tmux = try TmuxSession(arguments: ["--config", path, "--images", "off"], columns: 100, rows: 24)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("j", "Z")
        // The program has the terminal: what it prints is on screen, and it reads our keys.
        let inProgram = try await tmux.waitForScreen { $0.contains("IN THE PROGRAM 青花瓷茶杯 Teacup") }
        #expect(!inProgram.contains("load more"))
        try tmux.send("-l", "typed back")
        try tmux.send("Enter")
        // The screen comes back whole, and the keys are ours again.
        let back = try await tmux.waitForScreen { $0.contains("Shell: done") && $0.contains("load more (space)") }
        #expect(back.contains("Brass Lantern") && !back.contains("IN THE PROGRAM"))
        #expect((try? String(contentsOfFile: dir.path + "/answer", encoding: .utf8)) == "typed back")
        try tmux.send("j")
        try await tmux.waitForScreen(escapes: true) { screen in
            HostileTerminal.isHighlighted(HostileTerminal.line(containing: "Rocket", in: screen))
        }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("before") == tmux.file("after"), "stty -g differs")
        #expect(tmux.file("stderr").isEmpty)
        await server.stop()
    }

    /// As a user tries it: every row of the hostile server's `/exact/items`
    /// marked with `M`, an action key, and the program gets each row's
    /// value byte for byte (line breaks, escapes, CR LF, bidi marks, 131,071
    /// bytes); with the rows a program cannot take marked too, nothing runs
    /// and the toast says why, in one inert line.
    @Test func markedRowsValuesReachAProgramByteForByte() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("args").path
        let config = """
        server: \(server.baseURL)
        localCache: {enabled: false}
        actions:
          - {title: Args, key: A, run: [sh, -c, 'for a in "$@"; do printf "%s\\0" "$a"; done > "$0"', "\(out)", "${marked.arg}"]}
        interfaces:
          passable: {title: Passable, url: "/exact/items?set=passable", paging: {style: none},
                     response: {list: datas.list, success: code, successValues: [200], message: msg}, item: {id: id, title: title, arg: arg}}
          all: {title: All, url: /exact/items, paging: {style: none},
                response: {list: datas.list, success: code, successValues: [200], message: msg}, item: {id: id, title: title, arg: arg}}
        """
        let path = dir.appendingPathComponent("exact.yaml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(arguments: ["--config", path], columns: 160, rows: 30)
        try await tmux.waitForScreen { $0.contains("EXACT newline") && $0.contains("all loaded") }
        try tmux.send("M")
        try await tmux.waitForScreen { $0.contains("14 marked") }
        try tmux.send("A")
        try await tmux.waitForScreen { $0.contains("Args: done") }
        let passable = HostileExactRoutes.values.filter { HostileExactRoutes.passable.contains($0.name) }
        let values = passable.map(\.value) + HostileExactRoutes.longIDs.map { _ in "long" }
        let expected: [UInt8] = values.flatMap { value -> [UInt8] in Array(value.utf8) + [0] }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))) == expected)
        try FileManager.default.removeItem(atPath: out)
        // The other tab: a NUL, 131,072 bytes and 1 MB among the marked rows.
        try tmux.send("Tab")
        try await tmux.waitForScreen { $0.contains("EXACT huge") && $0.contains("all loaded") }
        try tmux.send("M")
        try await tmux.waitForScreen { $0.contains("17 marked") }
        try tmux.send("A")
        let refused = try await tmux.waitForScreen { $0.contains("holds a NUL byte, which a program argument cannot carry") }
        #expect(refused.contains("Args: the row \"EXACT nul\": ${marked.arg} holds a NUL byte"))
        #expect(!FileManager.default.fileExists(atPath: out))
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }

    @Test func quittingLeavesNoProgramBehind() async throws {
        let server = try await CountedDemoServer.start(host: "127.0.0.1", port: 0)
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = "700.\(UInt32.random(in: 100_000...999_999))"
        let path = try config(server, extra: """
        actions:
          - {title: Wait, key: Z, run: [sleep, "\(marker)"]}
        """, in: dir)
        let tmux = try TmuxSession(arguments: ["--config", path, "--images", "off"], columns: 100, rows: 24)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        try tmux.send("Z")
        try await tmux.waitForScreen { $0.contains("⚙ Wait") }
        #expect(Self.running(marker) == 1)
        // Quitting asks first, naming what it stops; yes quits.
        try tmux.send("q")
        try await tmux.waitForScreen { $0.contains("an action is running: Wait") && $0.contains("quitting stops them") }
        try tmux.send("y")
        #expect(await tmux.waitForExit() == 0)
        #expect(Self.running(marker) == 0)
        await server.stop()
    }

    /// Live `sleep ARG` processes.
    static func running(_ arg: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        return entries.filter { Int($0) != nil }.filter { pid in
            let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return state.split(separator: " ").dropFirst(2).first != "Z"
                && cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } == ["sleep", arg]
        }.count
    }
}
