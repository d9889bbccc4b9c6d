#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatDemo

/// Keys while a million rows stream in (issue #44.25): the release
/// `rowboat` in a 200x50 pty browses Config/bulk.yaml's endpoint (a
/// million items, about 100 MB, from the demo server in this process;
/// `ROWBOAT_BENCH_ITEMS` items, the body cap raised to hold them) and,
/// from its first screen until every row is in, `/` is pressed and timed
/// until the search prompt is drawn (then `esc`), over and over. The
/// reference is the same `/` in the same binary on the same list once it
/// has loaded is in the note: what a key costs when nothing streams. The
/// target is absolute: the slowest key under 50 ms while loading.
enum LoadKeysBench {
    static let items = StreamBench.items
    static let budget = 0.05

    static func run(reps: Int, binary: String, directory: String) async throws -> [BenchResult] {
        func failed(_ why: String) -> [BenchResult] {
            [BenchResult(name: "load-keys-tui", unit: "`/` → prompt drawn, the slowest while \(items) rows load", ours: .nan,
                         reference: budget, referenceName: "50 ms", target: 1.0, note: why)]
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else { return failed("no rowboat release binary at \(binary)") }
        let server = try await DemoServer.start(port: 0)
        let bulk = try String(contentsOfFile: FileManager.default.currentDirectoryPath + "/Config/bulk.yaml", encoding: .utf8)
        let config = directory + "/load-keys.yaml"
        try bulk.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                if line.hasPrefix("server:") { return "server: \(server.baseURL)" }
                if line.contains("params: {items:") { return "    params: {items: \(items)}" }
                if line.contains("maxBodyBytes:") { return "    maxBodyBytes: \(max(268_435_456, items * 128))" }
                return String(line)
            }
            .joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        var loading: [Double] = [], loaded: [Double] = []
        var loads: [Double] = []
        var misses = 0
        /// Presses over the budget: how long, and when (from the start).
        var late: [String] = []
        defer { Task { await server.stop() } }
        for _ in 0..<max(2, min(5, reps / 10)) {
            // How long the load takes with no key pressed: presses before then are "while loading".
            let quiet = try launch(binary, config: config, directory: directory)
            quiet.output.watch(for: "all loaded")
            let quietStart = Bench.now()
            guard let allIn = quiet.waitSeen(timeout: 120) else {
                quiet.finish(timeout: 5)
                return failed("the list did not load within 120 s \(quiet.diagnostics())")
            }
            let load = Double(allIn - quietStart) / 1e9
            loads.append(load)
            quiet.type(Array("q".utf8))
            quiet.finish(timeout: 10)

            let child = try launch(binary, config: config, directory: directory)
            let start = Bench.now()
            child.output.watch(for: "bulk ·")
            guard child.waitSeen(timeout: 60) != nil else {
                child.finish(timeout: 5)
                return failed("no first screen within 60 s \(child.diagnostics())")
            }
            let end = start + UInt64(load * 1e9)
            while Bench.now() < end {
                let pressed = Bench.now()
                guard let latency = press(child) else { misses += 1; continue }
                if pressed < end {
                    loading.append(latency)
                    if latency > budget { late.append(String(format: "%.0f ms at %.2f s", latency * 1000, Double(pressed - start) / 1e9)) }
                }
            }
            // Once loaded: the reference presses.
            usleep(500_000)
            for _ in 0..<5 { if let latency = press(child) { loaded.append(latency) } }
            child.type(Array("q".utf8))
            child.finish(timeout: 10)
        }
        let note = String(format: "%d presses while loading (median %@), %d once loaded (median %@, slowest %@); "
                          + "loads took %.2f s (median)%@", loading.count, Bench.time(Bench.median(loading)), loaded.count,
                          Bench.time(Bench.median(loaded)), Bench.time(loaded.max() ?? .nan), Bench.median(loads),
                          misses > 0 ? "; \(misses) presses got no prompt within 10 s" : "")
            + (late.isEmpty ? "" : "; over 50 ms: " + late.joined(separator: ", "))
        return [BenchResult(name: "load-keys-tui", unit: "`/` → prompt drawn, the slowest while \(items) rows load",
                            ours: loading.max() ?? .nan, reference: budget, referenceName: "50 ms", target: 1.0, note: note)]
    }

    /// `/`, timed until the search prompt's hint is drawn, then `esc` and a
    /// pause for the list to come back; nil when no prompt came in 10 s.
    static func press(_ child: PtyProcess) -> Double? {
        child.output.watch(for: "esc clear")
        let start = Bench.now()
        guard child.type(Array("/".utf8)), let seen = child.waitSeen(timeout: 10) else { return nil }
        child.type([0x1B])
        usleep(150_000)
        return Double(seen > start ? seen - start : 0) / 1e9
    }

    /// The release binary on `config`, with a home of its own (no cache, no state).
    static func launch(_ binary: String, config: String, directory: String) throws -> PtyProcess {
        let home = directory + "/load-keys-home"
        try? FileManager.default.removeItem(atPath: home)
        return try PtyProcess(executable: binary, arguments: ["--config", config], environment: PtyProcess.environment([
            "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data"]))
    }
}
