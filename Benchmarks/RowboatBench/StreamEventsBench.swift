#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatDemo
import RowboatProcess

/// A stream flooding a ring (issue #46): the release `rowboat` in a 200x50
/// pty browses an append stream (`stream: {mode: append, keep: 100000}`)
/// of the demo server's NDJSON log sent with no pause between lines —
/// `events` of them, then the response ends. Three rows:
/// - `stream-events`: the first screen until the last event is drawn on
///   top (no key pressed), against curl reading the same stream into
///   /dev/null (the server's own pace): events applied per second.
/// - `stream-keys-tui`: `/` → prompt drawn while the same flood arrives
///   (as `load-keys-tui`), the slowest; target 50 ms.
/// - `stream-ring-memory`: resident memory the full ring added (first
///   screen to the last event), against the ring's events as JSON text.
enum StreamEventsBench {
    static let events = 300_000
    static let keep = 100_000
    static let budget = 0.05

    static func run(reps: Int, binary: String, directory: String) async throws -> [BenchResult] {
        func failed(_ why: String) -> [BenchResult] {
            [BenchResult(name: "stream-events", unit: "\(events) NDJSON events applied to a ring of \(keep)", ours: .nan,
                         reference: nil, referenceName: "curl reads the stream", target: nil, note: why)]
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else { return failed("no rowboat release binary at \(binary)") }
        let server = try await DemoServer.start(port: 0)
        defer { Task { await server.stop() } }
        let config = directory + "/stream-events.yaml"
        try ("server: \(server.baseURL)\ninterfaces:\n" + floodEndpoint(keep: keep, params: "{every: 0, count: \(events)}"))
            .write(toFile: config, atomically: true, encoding: .utf8)
        let url = server.baseURL + "/api/log?every=0&count=\(events)"
        let first = message(of: 1), last = message(of: events)
        // The ring's events as JSON text: the reference for its memory.
        let ringText = Double(((events - keep + 1)...events).reduce(0) { $0 + DemoStreamRoutes.logLine($1).utf8.count + 1 })
        var ours: [Double] = [], curls: [Double] = [], growth: [Double] = []
        var loading: [Double] = [], late: [String] = []
        var misses = 0
        for _ in 0..<max(2, min(5, reps / 10)) {
            let curl = try await StreamBench.blocking {
                try ProcessRunner.run(ProcessSpec(["curl", "-s", "-o", "/dev/null", "-w", "%{time_starttransfer} %{time_total}", url],
                                                  stdout: .capture))
            }
            let times = curl.stdout.split(separator: " ").compactMap { Double($0) }
            if times.count == 2 { curls.append(times[1] - times[0]) }

            // Quiet: no key pressed, from the first event drawn to the last.
            let quiet = try LoadKeysBench.launch(binary, config: config, directory: directory)
            quiet.output.watch(for: first)
            guard let shown = quiet.waitSeen(timeout: 60) else {
                quiet.finish(timeout: 5)
                return failed("no first event within 60 s \(quiet.diagnostics())")
            }
            let startRSS = residentBytes(quiet.pid)
            quiet.output.watch(for: last)
            guard let done = quiet.waitSeen(timeout: 120) else {
                quiet.finish(timeout: 5)
                return failed("the last event was not drawn within 120 s \(quiet.diagnostics())")
            }
            growth.append(residentBytes(quiet.pid) - startRSS)
            let took = Double(done - shown) / 1e9
            ours.append(took)
            quiet.type(Array("q".utf8))
            quiet.finish(timeout: 10)

            // Keys: `/` pressed over and over for as long as the flood took.
            let child = try LoadKeysBench.launch(binary, config: config, directory: directory)
            child.output.watch(for: first)
            guard let start = child.waitSeen(timeout: 60) else {
                child.finish(timeout: 5)
                return failed("no first event within 60 s \(child.diagnostics())")
            }
            let end = start + UInt64(took * 1e9)
            while Bench.now() < end {
                let pressed = Bench.now()
                guard let latency = LoadKeysBench.press(child) else { misses += 1; continue }
                if pressed < end {
                    loading.append(latency)
                    if latency > budget { late.append(String(format: "%.0f ms at %.2f s", latency * 1000, Double(pressed - start) / 1e9)) }
                }
            }
            child.type(Array("q".utf8))
            child.finish(timeout: 10)
        }
        let time = Bench.median(ours), curlTime = Bench.median(curls)
        return [
            BenchResult(name: "stream-events", unit: "\(events) NDJSON events with no pause, first drawn → last drawn, ring of \(keep)",
                        ours: time, reference: curlTime, referenceName: "curl reads the same stream (first byte → last)",
                        target: 1.5,
                        note: String(format: "%.0f events/s applied (curl: %.0f/s); spread %@–%@", Double(events) / time,
                                     Double(events) / curlTime, Bench.time(ours.min() ?? .nan), Bench.time(ours.max() ?? .nan))),
            BenchResult(name: "stream-keys-tui", unit: "`/` → prompt drawn, the slowest while the flood arrives",
                        ours: loading.max() ?? .nan, reference: budget, referenceName: "50 ms", target: 1.0,
                        note: String(format: "%d presses (median %@)%@", loading.count, Bench.time(Bench.median(loading)),
                                     misses > 0 ? "; \(misses) presses got no prompt within 10 s" : "")
                            + (late.isEmpty ? "" : "; over 50 ms: " + late.joined(separator: ", "))),
            BenchResult(name: "stream-ring-memory", unit: "resident memory the full ring of \(keep) rows added",
                        ours: Bench.median(growth), reference: ringText, referenceName: "its events as JSON text",
                        target: 2.0,
                        note: String(format: "%.0f bytes per row held (RSS, first event → last; freed pages the allocator keeps count)",
                                     Bench.median(growth) / Double(keep)),
                        measure: "bytes"),
        ]
    }

    /// The demo log as an append stream keeping `keep` rows: the `log`
    /// endpoint of a config's `interfaces:` (the stream benchmarks' flood).
    static func floodEndpoint(keep: Int, params: String? = nil) -> String {
        """
          log:
            title: Flood
            url: /api/log
        \(params.map { "    params: \($0)\n" } ?? "")    response: {format: ndjson}
            stream: {mode: append, keep: \(keep)}
            item: {id: seq, title: message, level: level}
            columns:
              - {field: id, title: "#", width: 7, align: right}
              - {field: level, title: Level, width: 7}
              - {field: title, title: Message, weight: 1}

        """
    }

    /// The message the demo log's event `n` shows.
    static func message(of n: Int) -> String {
        let line = DemoStreamRoutes.logLine(n)
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["message"] as? String ?? "#\(n)"
    }

    /// A process's resident set (VmRSS), in bytes.
    static func residentBytes(_ pid: pid_t) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kb = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Double($0) }) else { return .nan }
        return kb * 1024
    }
}
