#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Key to screen: a key written to the pty's master, timed until the first
/// byte of the response comes back. Ours is the release `rowboat` binary on
/// its embedded demo; the reference a minimal C ncurses highlight loop
/// (`--child keypress-ref`). Both run at once, each in its own 200x50 pty,
/// and take turns key by key ('j' and 'k' alternately, so the selection
/// stays on screen).
enum KeypressBench {
    /// One press: seconds to the first response byte and the bytes that
    /// came until the pty was quiet again.
    struct Press {
        var latency: Double
        var bytes: Int
    }

    static func run(reps: Int, binary: String) -> [BenchResult] {
        func failed(_ why: String) -> [BenchResult] {
            ["p50", "p99"].map { p in
                BenchResult(name: "keypress-\(p)", unit: "key → first response byte", ours: .nan, reference: .nan,
                            referenceName: "C ncurses loop", target: p == "p50" ? 2.0 : nil, note: why)
            }
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else { return failed("no rowboat release binary at \(binary)") }
        let directory = NSTemporaryDirectory() + "rowboat-keypress-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ours: PtyProcess, reference: PtyProcess
        do {
            // No user config or cache: HOME and the XDG directories are ours.
            ours = try PtyProcess(executable: binary, arguments: [], environment: PtyProcess.environment([
                "HOME": directory, "XDG_CACHE_HOME": directory + "/cache", "XDG_CONFIG_HOME": directory + "/config",
            ]))
            reference = try PtyProcess(executable: PtyProcess.selfExecutable(), arguments: ["--child", "keypress-ref"],
                                       environment: PtyProcess.environment(["HOME": directory]))
        } catch {
            return failed("\(error)")
        }
        defer {
            for child in [ours, reference] {
                child.type(Array("q".utf8))
                child.finish(timeout: 5)
            }
        }
        // The TUI's start: first page, thumbnails of the demo (bounded).
        for (name, child) in [("rowboat", ours), ("reference", reference)] {
            guard child.waitSilence(1.5, timeout: 60), child.output.snapshot.bytes > 0 else {
                return failed("\(name) did not settle within 60 s (killed) \(child.diagnostics())")
            }
        }
        // Warm-up: two presses each, not kept.
        for key in ["j", "k"] {
            _ = press(ours, key)
            _ = press(reference, key)
        }
        var presses: [String: [Press]] = ["ours": [], "ref": []]
        var misses = 0
        for index in 0..<reps {
            let key = index % 2 == 0 ? "j" : "k"
            let order = (index / 2) % 2 == 0 ? [("ours", ours), ("ref", reference)] : [("ref", reference), ("ours", ours)]
            for (side, child) in order {
                if let p = press(child, key) { presses[side]!.append(p) } else { misses += 1 }
            }
        }
        let oursLatency = presses["ours"]!.map(\.latency), refLatency = presses["ref"]!.map(\.latency)
        let oursBytes = Bench.median(presses["ours"]!.map { Double($0.bytes) })
        let refBytes = Bench.median(presses["ref"]!.map { Double($0.bytes) })
        let note = String(format: "%d/%d presses; bytes per key (median): ours %.0f, reference %.0f", oursLatency.count,
                          refLatency.count, oursBytes, refBytes) + (misses > 0 ? "; \(misses) presses got no answer within 2 s" : "")
        return [
            BenchResult(name: "keypress-p50", unit: "key → first response byte", ours: percentile(oursLatency, 0.5),
                        reference: percentile(refLatency, 0.5), referenceName: "C ncurses loop", target: 2.0, note: note),
            BenchResult(name: "keypress-p99", unit: "key → first response byte", ours: percentile(oursLatency, 0.99),
                        reference: percentile(refLatency, 0.99), referenceName: "C ncurses loop", target: nil),
        ]
    }

    /// Types `key` once the pty is quiet; nil if nothing answers in 2 s.
    static func press(_ child: PtyProcess, _ key: String) -> Press? {
        child.waitSilence(0.02, timeout: 1)
        let before = child.output.snapshot.bytes
        let start = Bench.now()
        child.output.mark()
        guard child.type(Array(key.utf8)), let first = child.waitFirstByte(timeout: 2) else { return nil }
        child.waitSilence(0.02, timeout: 2)
        return Press(latency: Double(first > start ? first - start : 0) / 1e9,
                     bytes: child.output.snapshot.bytes - before)
    }

    /// Nearest-rank percentile (`fraction` in 0...1); NaN when empty.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
