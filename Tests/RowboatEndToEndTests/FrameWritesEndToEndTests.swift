import Foundation
import RowboatTestSupport
import Testing

/// A frame reaches the terminal in a write or two, not a write per cursor
/// move (what ncurses does until a screen has been suspended and resumed
/// once: `NCursesScreen.writeFramesWhole`). Each write wakes the terminal;
/// on a busy machine the program then waits for a core again. Counted by
/// the kernel: `syscw` in /proc/PID/io, every write the process made.
@Suite(.timeLimit(.minutes(1)))
struct FrameWritesEndToEndTests {
    /// The write calls `pid` has made so far.
    static func writeCalls(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("syscw:") }) else { return nil }
        return Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces))
    }

    @Test func aFrameGoesOutInOnePiece() async throws {
        let tmux = try TmuxSession(arguments: ["--images", "off"], columns: 120, rows: 40)
        try await tmux.waitForScreen { $0.contains("Brass Lantern") && $0.contains("ready") }
        let shell = try #require(try tmux.panePID())
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let program = try #require(children.split(separator: " ").compactMap { Int32($0) }.first)
        let before = try #require(Self.writeCalls(program))
        // Six frames that each change most of the screen: the help over the list, and the list again.
        for _ in 0..<3 {
            try tmux.send("?")
            try await tmux.waitForScreen { $0.contains("any key closes") }
            try tmux.send("Escape")
            try await tmux.waitForScreen { !$0.contains("any key closes") && $0.contains("Brass Lantern") }
        }
        let after = try #require(Self.writeCalls(program))
        // A frame of 120x40 with colours is a few KB: one write, two when it
        // fills ncurses' buffer; a write per cursor move made about 240 here.
        // (What else may write meanwhile, the cache's last page, is in the slack.)
        #expect(after - before <= 18, "\(after - before) write calls for six frames")
        try tmux.send("q")
        #expect(await tmux.waitForExit() == 0)
    }
}
