import Foundation
import Testing

/// The packages example (Examples/GitLog/Sources/Packages) in a real
/// terminal, on a dpkg status file of the test's own: a live list from
/// snapshots (a package installed meanwhile appears in its sorted place,
/// one removed goes), the search of its own source, the terminal handed to
/// `less` and taken back, copy, and the status segment with the marked
/// rows' sum.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KitPackagesEndToEndTests {
    static func stanza(_ name: String, version: String, size: Int, summary: String) -> String {
        """
        Package: \(name)
        Status: install ok installed
        Installed-Size: \(size)
        Architecture: amd64
        Version: \(version)
        Section: utils
        Description: \(summary)
         A longer text about \(name).
         .
         Its second paragraph.

        """
    }

    @Test func liveSnapshotsSearchHandOverCopyAndTheStatusSegment() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-dpkg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("info"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let status = dir.appendingPathComponent("status")
        var packages = [("apt", "2.6.1", 4000, "commandline package manager"),
                        ("bash", "5.2.15", 7000, "GNU Bourne Again SHell"),
                        ("curl", "7.88.1", 500, "command line tool for transferring data with URL syntax"),
                        ("zlib1g", "1.2.13", 160, "compression library - runtime")]
        func write() throws {
            try packages.map { Self.stanza($0.0, version: $0.1, size: $0.2, summary: $0.3) }.joined(separator: "\n")
                .write(to: status, atomically: true, encoding: .utf8)
        }
        try write()
        try "/.\n/usr\n/usr/bin/curl\n".write(to: dir.appendingPathComponent("info/curl:amd64.list"), atomically: true, encoding: .utf8)

        let tmux = try TmuxSession(arguments: [status.path], columns: 110, rows: 16, program: TmuxSession.sibling("packages"))
        try await tmux.waitForScreen { $0.contains("packages · 4/4 · 4 packages · 11.9 MB") }
        // Installed meanwhile: cmake appears between bash and curl; removed: apt goes.
        packages.insert(("cmake", "3.25.1", 30000, "cross-platform build system"), at: 2)
        packages.removeFirst()
        try write()
        let screen = try await tmux.waitForScreen { $0.contains("4 packages · 38.6 MB") && $0.contains("cmake") }
        let order = screen.split(separator: "\n").compactMap { line in
            ["bash", "cmake", "curl", "zlib1g", "apt"].first { line.contains(" \($0) ") }
        }
        #expect(order == ["bash", "cmake", "curl", "zlib1g"])
        #expect(screen.contains("+  cmake"))
        // Search the source: Enter sends the query to the program's own search.
        try tmux.send("/")
        try tmux.send("-l", "URL syntax")
        try tmux.send("Enter")
        try await tmux.waitForScreen { $0.contains("search “URL syntax”") && $0.contains("1/1") }
        try tmux.send("Escape")
        try await tmux.waitForScreen { $0.contains("4/4") && $0.contains("zlib1g") }
        // The terminal handed to less (curl's file list), then back.
        try tmux.send("j", "j", "L")
        try await tmux.waitForScreen { $0.contains("/usr/bin/curl") && !$0.contains("packages ·") }
        try tmux.send("q")
        try await tmux.waitForScreen { $0.contains("Read its file list: done") && $0.contains("packages · 4/4") }
        // Copy: the version, exactly, in the tmux buffer.
        try tmux.send("V")
        try await tmux.waitForScreen { $0.contains("copied the version") }
        #expect(try tmux.tmux(["show-buffer"]) == "7.88.1")
        // Marks and the program's sum of them.
        try tmux.send("m", "m")
        try await tmux.waitForScreen { $0.contains("2 marked · 676 kB") }
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
        #expect(tmux.file("stderr").isEmpty)
    }
}
