import Foundation
import RowboatCore

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

    static func shell(_ command: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The TUI on the embedded demo in a tmux pane, idle for 10 s.
    static func idle(binary: String) -> BenchResult {
        let socket = "rowboat-bench-\(getpid())"
        let cache = NSTemporaryDirectory() + socket
        _ = shell("tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 40 'XDG_CACHE_HOME=\(cache) exec \(binary)'")
        defer {
            _ = shell("tmux -L \(socket) kill-server")
            try? FileManager.default.removeItem(atPath: cache)
        }
        Thread.sleep(forTimeInterval: 4)   // start, first page, thumbnails of the first screen
        let pid = shell("tmux -L \(socket) display -p '#{pane_pid}'")
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
                           note: String(format: "%.3f s of CPU in %.1f s", used, seconds))
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
                           note: String(format: "%.1f MB, %.0f bytes per item", bytes / 1_048_576, bytes / 100_000))
    }
}
