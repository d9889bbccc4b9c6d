import Foundation
import RowboatProcess
import RowboatCore
import RowboatSpec
import RowboatTestSupport

/// Process-level figures: CPU used by the TUI while idle, and memory per
/// loaded item.
enum SystemBench {
    /// Resident set size of this process in bytes.
    static func rss() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// utime + stime of `pid` in clock ticks.
    static func cpuTicks(_ pid: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Runs `command` with the shell; its output when `capture` (a command
    /// that starts the tmux server must not capture: the server would keep
    /// the pipe open, so it goes through system(), which waits for the shell only).
    static func shell(_ command: String, capture: Bool = true) -> String {
        guard capture else {
            _ = system(command + " >/dev/null 2>&1 </dev/null")
            return ""
        }
        guard let pipe = popen(command + " 2>/dev/null", "r") else { return "" }
        var out = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        pclose(pipe)
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` as one single-quoted shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The TUI on the embedded demo in a tmux pane, idle for 10 s.
    static func idle(binary: String) -> BenchResult {
        let socket = "rowboat-bench-\(getpid())"
        let cache = NSTemporaryDirectory() + socket
        _ = shell("tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 40 'XDG_CACHE_HOME=\(cache) exec \(binary)'", capture: false)
        defer {
            _ = shell("tmux -L \(socket) kill-server")
            try? FileManager.default.removeItem(atPath: cache)
        }
        Thread.sleep(forTimeInterval: 2)
        let pid = shell("tmux -L \(socket) display -p '#{pane_pid}'")
        // Let the start settle: the first page, and the embedded demo server
        // drawing the thumbnails of two screens (up to 60 s).
        settle(pid, step: 2, limit: 30)
        guard let before = cpuTicks(pid) else {
            return BenchResult(name: "idle", unit: "10 s open", ours: .nan, reference: nil, referenceName: "—",
                               target: nil, note: "could not start the TUI in tmux")
        }
        let start = Bench.now()
        Thread.sleep(forTimeInterval: 10)
        let seconds = Double(Bench.now() - start) / 1e9
        let used = Double((cpuTicks(pid) ?? before) - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
        return BenchResult(name: "idle", unit: "CPU share of one core, 10 s", ours: used / seconds, reference: 0.01,
                           referenceName: "1% of a core", target: 1.0,
                           note: String(format: "%.3f s of CPU in %.1f s", used, seconds), measure: "fraction")
    }

    /// Memory for 100,000 loaded rows shaped like the demo's.
    static func memory() -> BenchResult {
        let before = rss()
        var state = VirtualizeBench.state(rows: 100_000)
        let after = rss()
        _ = AppReducer.reduce(&state, .list(.move(.pageDown)))
        let bytes = Double(after - before)
        return BenchResult(name: "memory", unit: "RSS growth, 100,000 rows", ours: bytes, reference: nil,
                           referenceName: "—", target: nil,
                           note: String(format: "%.0f bytes per item", bytes / 100_000), measure: "bytes")
    }

    /// Waits until `pid` has used at most one clock tick of CPU in two
    /// `step`-second windows in a row, or `limit` windows have passed.
    static func settle(_ pid: String, step: Double, limit: Int) {
        var quiet = 0
        for _ in 0..<limit where quiet < 2 {
            let before = cpuTicks(pid) ?? 0
            Thread.sleep(forTimeInterval: step)
            quiet = (cpuTicks(pid) ?? 0) - before <= 1 ? quiet + 1 : 0
        }
    }

    /// The real TUI on the embedded demo at 200x50: resident memory with
    /// the table loaded, then with the grid full of thumbnails (all cards
    /// drawn, plus the next screen prefetched).
    static func gridMemory(binary: String) -> [BenchResult] {
        let socket = "rowboat-bench-grid-\(getpid())"
        let cache = NSTemporaryDirectory() + socket
        _ = shell("tmux -L \(socket) -f /dev/null new-session -d -x 200 -y 50 'XDG_CACHE_HOME=\(cache) exec \(binary)'",
                  capture: false)
        defer {
            _ = shell("tmux -L \(socket) kill-server")
            try? FileManager.default.removeItem(atPath: cache)
        }
        Thread.sleep(forTimeInterval: 2)
        let pid = shell("tmux -L \(socket) display -p '#{pane_pid}'")
        settle(pid, step: 1, limit: 60)
        let table = ProcessMemory.resident(pid)
        _ = shell("tmux -L \(socket) send-keys v", capture: false)
        settle(pid, step: 1, limit: 60)
        let screen = shell("tmux -L \(socket) capture-pane -p")
        let cards = screen.components(separatedBy: "✓").count - 1
        let grid = ProcessMemory.resident(pid), peak = ProcessMemory.peak(pid)
        guard table > 0, grid > 0 else {
            return [BenchResult(name: "memory-grid", unit: "RSS, 200x50 grid of thumbnails", ours: .nan, reference: nil,
                                referenceName: "—", target: nil, note: "could not start the TUI in tmux", measure: "bytes")]
        }
        return [BenchResult(name: "memory-grid", unit: "RSS, 200x50 grid of thumbnails", ours: Double(grid),
                            reference: Double(table), referenceName: "same TUI showing the table", target: nil,
                            note: String(format: "%d cards drawn; peak %.1f MB", cards, Double(peak) / 1_048_576),
                            measure: "bytes")]
    }
}

