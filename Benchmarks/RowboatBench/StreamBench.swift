import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
import RowboatDemo
import RowboatKit
import RowboatNetwork
import RowboatProcess
import RowboatViews
import Synchronization
import RowboatTestSupport
import RowboatCells

/// A huge response, streamed: Config/bulk.yaml's endpoint asks the demo
/// server's /api/bulk for a million items (about 100 MB, written as it is
/// generated). A child process (`--child "stream-ours …"`, so its memory
/// is its own) gets it as the app does — through `ConfigPageProvider`
/// (`PageSource` deliveries made into rows on its row queue), each load
/// into `AppReducer` on a queue of its own, as the app posts them to its
/// run loop —
/// and renders the first
/// screen (200x50, into the cell grid) as soon as its first part lands.
/// The references are absolute (0.5 s to the first screen; 1.5× the body
/// in memory); jq on the same body, saved to a file, is in the notes.
///
/// The full load (`load-*` rows, issue #32) is the same child run to the
/// end, on each shape the route sends — the envelope, a bare array,
/// NDJSON and a keyed object: from the request until every row is in the
/// list (counted, searchable), against the time curl takes to get the
/// same body whole (the median of as many runs as ours, taken in turn with
/// them) plus 0.5 s. The longest time one delivery held the
/// list (what a key pressed meanwhile waits for) is `load-keys`.
enum StreamBench {
    /// A million, or `ROWBOAT_BENCH_ITEMS` (the curve of issue #48.2: 3 and 10 million).
    static let items = ProcessInfo.processInfo.environment["ROWBOAT_BENCH_ITEMS"].flatMap { Int($0) } ?? 1_000_000
    static let firstScreenBudget = 0.5
    static let memoryBudget = 1.5
    /// All rows in this long after the body's last byte (issue #32).
    static let afterLastByte = 0.5
    static let loadMemoryBudget = 1.2
    static let keyBudget = 0.05

    /// What one child run measured.
    struct Run {
        var firstScreen: Double
        var total: Double
        /// Peak resident bytes above the warmed-up process's.
        var peakGrowth: Double
        /// Resident bytes above it once every row is in the list.
        var heldGrowth: Double
        var rows: Int
        /// The longest one delivery held the list (seconds), the UI
        /// thread's CPU in it (the rest it waited for a core), and the
        /// rows the list held after it.
        var longestApply: Double = 0
        var longestCPU: Double = 0
        var longestAt = 0
        /// Every row in, after the server had written the body's last byte
        /// (seconds; nil when the server's time is not known).
        var afterServer: Double?
        /// When every row was in (`DispatchTime` uptime, nanoseconds).
        var end: Double?
    }

    /// The shapes of /api/bulk and the response section that reads each.
    static let shapes: [(shape: String, response: String)] = [
        ("envelope", "{list: datas.list, success: code, successValues: [200], message: msg}"),
        ("bare", "{list: \"\"}"),
        ("ndjson", "{format: ndjson}"),
        ("keyed", "{keyed: true}"),
    ]

    static func run(reps: Int, directory: String) async throws -> [BenchResult] {
        let server = try await DemoServer.start(port: 0)
        let bulk = FileManager.default.currentDirectoryPath + "/Config/bulk.yaml"
        let text = try String(contentsOfFile: bulk, encoding: .utf8)
        var results: [BenchResult] = []
        var loads: [(shape: String, runs: [Run], arrival: Double, body: Double, failure: String?)] = []
        for (shape, response) in shapes {
            // The endpoint reading this shape: bulk.yaml with its response
            // section (and no totals from the body but the envelope's).
            let config = shape == "envelope" ? bulk : directory + "/bulk-\(shape).yaml"
            if shape != "envelope" {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    if line.hasPrefix("    response:") { return "    response: \(response)" }
                    if line.hasPrefix("    paging:") { return "    paging: {style: none}" }
                    return String(line)
                }
                try lines.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
            }
            let url = server.baseURL + "/api/bulk?items=\(items)&shape=\(shape)"
            // The same body in a file, for its size, jq, and how long it takes to
            // arrive whole: curl before each of our runs, its median (ours is a
            // median too, of as many runs taken in turn with curl's).
            let file = directory + "/bulk-\(shape).body"
            var curlRuns: [[Double]] = []
            var runs: [Run] = []
            var failure: String?
            for _ in 0..<max(3, min(5, reps / 10)) {
                let curl = try await blocking {
                    try ProcessRunner.run(ProcessSpec(["curl", "-s", "-o", file, "-w", "%{time_starttransfer} %{time_total}", url],
                                                      stdout: .capture))
                }
                let times = curl.stdout.split(separator: " ").compactMap { Double($0) }
                if times.count == 2 { curlRuns.append(times) }
                let result = try await blocking {
                    try ProcessRunner.run(ProcessSpec(["/proc/self/exe", "--child",
                                                       "stream-ours \(config) \(server.baseURL) \(items) \(shape)"],
                                                      stdout: .capture, stderr: .capture))
                }
                guard result.status == 0, var run = parse(result.stdout) else {
                    failure = "child failed (status \(result.status)): \(result.stderr.prefix(200))"
                    break
                }
                // Both clocks are the machine's monotonic one.
                let written = DemoBulkRoute.lastBodyWritten.load(ordering: .relaxed)
                if let end = run.end, written > 0 { run.afterServer = (end - Double(written)) / 1e9 }
                runs.append(run)
            }
            let bodyBytes = Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
            let curlTimes = curlRuns.isEmpty ? [] : [Bench.median(curlRuns.map { $0[0] }), Bench.median(curlRuns.map { $0[1] })]
            let arrival = curlTimes.count == 2 ? curlTimes[1] : .nan
            loads.append((shape, runs, arrival, bodyBytes, failure))
            if shape == "envelope" {
                results += try await firstScreenRows(runs: runs, failure: failure, file: file, bodyBytes: bodyBytes,
                                                     curlTimes: curlTimes)
            }
            try? FileManager.default.removeItem(atPath: file)
        }
        await server.stop()
        for load in loads {
            let total = Bench.median(load.runs.map(\.total))
            let rows = load.runs.first?.rows ?? 0
            let peak = Bench.median(load.runs.map(\.peakGrowth))
            results.append(BenchResult(
                name: "load-\(load.shape)", unit: "request to every row in the list, \(items) items (\(load.shape))",
                ours: load.failure == nil ? total : .nan, reference: load.arrival + afterLastByte,
                referenceName: "curl gets the body whole + 0.5 s", target: 1.0,
                note: load.failure ?? String(format: "%d rows in %@ (%.2f M rows/s), %@ after curl had the whole body "
                                             + "(%@, %.1f MB), %@ after the server wrote its last byte in the same run; "
                                             + "first screen %@; peak memory growth %.2f× the body",
                                             rows, Bench.time(total), Double(rows) / max(total, 1e-9) / 1e6,
                                             Bench.time(total - load.arrival), Bench.time(load.arrival),
                                             load.body / 1_048_576,
                                             Bench.time(Bench.median(load.runs.compactMap(\.afterServer))),
                                             Bench.time(Bench.median(load.runs.map(\.firstScreen))),
                                             peak / max(1, load.body))))
        }
        // Memory: the shape that grew most against its body.
        let worst = loads.filter { $0.failure == nil && $0.body > 0 }
            .max { Bench.median($0.runs.map(\.peakGrowth)) / $0.body < Bench.median($1.runs.map(\.peakGrowth)) / $1.body }
        if let worst {
            results.append(BenchResult(name: "load-memory", unit: "peak RSS growth of the full load, the worst shape",
                                       ours: Bench.median(worst.runs.map(\.peakGrowth)), reference: worst.body,
                                       referenceName: "the body (\(worst.shape))", target: loadMemoryBudget,
                                       note: loads.map { load in
                                           String(format: "%@ %.2f×", load.shape,
                                                  Bench.median(load.runs.map(\.peakGrowth)) / max(1, load.body))
                                       }.joined(separator: ", "),
                                       measure: "bytes"))
        }
        let runs = loads.flatMap(\.runs)
        let longest = runs.map(\.longestApply)
        let slowest = runs.max { $0.longestApply < $1.longestApply }
        results.append(BenchResult(name: "load-keys", unit: "the longest one delivery held the list while loading",
                                   ours: longest.isEmpty ? .nan : Bench.median(longest), reference: keyBudget,
                                   referenceName: "50 ms", target: 1.0,
                                   note: "a key pressed during a delivery waits at most this long; median over "
                                       + "every run of every shape, slowest \(Bench.time(slowest?.longestApply ?? .nan))"
                                       + (slowest.map { " (\(Bench.time($0.longestCPU)) of it on the UI thread's CPU, "
                                           + "the rest waiting for a core; at \($0.longestAt) rows)" } ?? "")))
        return results
    }

    /// The first-screen and memory rows of the envelope's runs, with curl and jq in their notes.
    static func firstScreenRows(runs: [Run], failure: String?, file: String, bodyBytes: Double,
                                curlTimes: [Double]) async throws -> [BenchResult] {
        // jq on the same file: its time to print the first screen's titles
        // and its peak memory (GNU time's %M, in KB).
        let jq = try await blocking {
            try ProcessRunner.run(ProcessSpec(["/usr/bin/time", "-f", "%e %M", "jq", "-r", ".datas.list[:50][].title", file],
                                              stderr: .capture))
        }
        let jqFigures = jq.stderr.split(whereSeparator: \.isWhitespace).suffix(2).compactMap { Double($0) }
        let jqNote = jqFigures.count == 2
            ? String(format: "jq -r '.datas.list[:50][].title' on the same body in a file: %@, peak %.0f MB",
                     Bench.time(jqFigures[0]), jqFigures[1] * 1024 / 1_048_576)
            : "jq failed: \(jq.stderr.prefix(100))"
        let rows = runs.first?.rows ?? 0
        let first = Bench.median(runs.map(\.firstScreen)), total = Bench.median(runs.map(\.total))
        let peak = Bench.median(runs.map(\.peakGrowth)), held = Bench.median(runs.map(\.heldGrowth))
        let arrival = curlTimes.count == 2
            ? String(format: "curl: first byte after %@, whole body after %@", Bench.time(curlTimes[0]), Bench.time(curlTimes[1]))
            : "curl failed"
        return [
            BenchResult(name: "stream-first-screen", unit: "request to the first 200x50 screen, \(items) items",
                        ours: failure == nil ? first : .nan, reference: firstScreenBudget, referenceName: "0.5 s",
                        target: 1.0,
                        note: failure ?? "all \(rows) rows in after \(Bench.time(total)); \(arrival); \(jqNote)"),
            BenchResult(name: "stream-memory", unit: "peak RSS growth while streaming \(items) items",
                        ours: failure == nil ? peak : .nan, reference: bodyBytes, referenceName: "the body",
                        target: memoryBudget,
                        note: failure ?? String(format: "%.0f bytes per item held once all are in (%.1f MB); %@",
                                                held / Double(max(1, rows)), held / 1_048_576, jqNote),
                        measure: "bytes"),
        ]
    }

    /// "first S total S peak B held B rows N" from the child.
    static func parse(_ line: String) -> Run? {
        let words = line.split(whereSeparator: \.isWhitespace)
        var values: [String: Double] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) { values[String(words[i])] = Double(words[i + 1]) }
        guard let first = values["first"], let total = values["total"], let peak = values["peak"],
              let held = values["held"], let rows = values["rows"] else { return nil }
        return Run(firstScreen: first, total: total, peakGrowth: peak, heldGrowth: held, rows: Int(rows),
                   longestApply: values["longest"] ?? 0, longestCPU: values["longestCPU"] ?? 0,
                   longestAt: Int(values["longestAt"] ?? 0), end: values["end"])
    }

    /// `body` on a thread of its own (it blocks; the demo server's tasks
    /// keep the cooperative pool).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The child: `CONFIG BASE-URL ITEMS [SHAPE]`. Warms up on a small
    /// body (not streamed), notes its memory, then gets ITEMS and prints
    /// the figures.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 3, let count = Int(arguments[2]) else { return 2 }
        let shape = arguments.count > 3 ? arguments[3] : "envelope"
        let done = Mutex<Int32?>(nil)
        Task {
            let status: Int32
            do {
                try await measure(config: arguments[0], baseURL: arguments[1], items: count, shape: shape)
                status = 0
            } catch {
                FileHandle.standardError.write(Data("stream child: \(error)\n".utf8))
                status = 1
            }
            done.withLock { $0 = status }
        }
        while true {
            if let status = done.withLock({ $0 }) { return status }
            usleep(10_000)
        }
    }

    /// `--child "demo-server PORT"`: the demo server alone until killed,
    /// for profiling a `stream-ours` child by hand (docs/benchmarks.md).
    static func serve(_ arguments: [String]) -> Int32 {
        let port = arguments.first.flatMap { Int($0) } ?? 8099
        Task {
            do {
                let server = try await DemoServer.start(port: port)
                print(server.baseURL)
            } catch {
                FileHandle.standardError.write(Data("demo server: \(error)\n".utf8))
                exit(1)
            }
        }
        while true { sleep(3600) }
    }

    /// The list and its first screen as the app has them.
    struct Screen: Sendable {
        var state: AppState
        var firstScreen: UInt64?
        /// The longest one delivery held the list (nanoseconds), the
        /// CPU the UI thread spent on it, and the rows the list had then.
        var longestApply: UInt64 = 0
        var longestCPU: UInt64 = 0
        var longestAt = 0
    }

    /// A body of any size for the bench's endpoint (10 million items are about 1 GB).
    static func liftBodyCap(_ config: inout RowboatConfig) {
        config.communication.maxBodyBytes = Int.max
        if !config.endpoints.isEmpty { config.endpoints[0].maxBodyBytes = Int.max }
    }

    static func measure(config path: String, baseURL: String, items: Int, shape: String) async throws {
        var config = try ConfigFile.load(path)
        config.server = baseURL
        liftBodyCap(&config)
        guard let endpoint = config.endpoints.first else { throw StreamBenchError.noEndpoint }
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        // The app's own provider: PageSource deliveries, mapped into rows
        // (the parts of a streamed body on its row queue).
        let provider = ConfigPageProvider(client: DataClient(config: config, transport: transport), mode: .network)
        func fresh() -> AppState {
            var state = AppState(endpointKey: endpoint.key, columns: endpoint.columns,
                                 list: ListState(paging: endpoint.paging), size: TerminalSize(columns: 200, rows: 50))
            _ = AppReducer.reduce(&state, .list(.appeared))
            return state
        }
        let screen = Mutex(Screen(state: fresh()))
        // The UI thread: deliveries are applied there in order, while the
        // fetch task goes on decoding (the app posts them to its run loop).
        let ui = DispatchQueue(label: "stream-bench-ui")
        func get(_ items: Int) async throws {
            let request = PageRequest(list: .tab(endpoint.key), endpoint: endpoint.key, requestID: 1, cursor: .first,
                                      params: ["items": String(items), "shape": shape])
            try await provider.load(request) { load in
                ui.async { screen.withLock { screen in
                    let start = Bench.now(), cpu = Bench.threadCPU()
                    _ = AppReducer.reduce(&screen.state, .list(.pageLoaded(requestID: 1, load)))
                    let took = Bench.now() - start
                    if took > screen.longestApply {
                        screen.longestApply = took
                        screen.longestCPU = Bench.threadCPU() - cpu
                        screen.longestAt = screen.state.list.rows.count
                    }
                    if screen.firstScreen == nil {
                        let grid = AppRenderer().render(screen.state, now: 0)
                        precondition(grid.width == 200)
                        screen.firstScreen = Bench.now()
                    }
                } }
            }
            ui.sync {}
        }
        // Warm up: the same path on a body small enough to be decoded whole.
        try await get(2_000)
        screen.withLock { $0 = Screen(state: fresh()) }
        let before = ProcessMemory.resident()
        ProcessMemory.resetPeak()
        let start = Bench.now()
        try await get(items)
        let end = Bench.now()
        let peak = ProcessMemory.peak(), held = ProcessMemory.resident()
        let (first, rows, longest, longestCPU, longestAt) = screen.withLock {
            ($0.firstScreen ?? end, $0.state.list.rows.count, $0.longestApply, $0.longestCPU, $0.longestAt)
        }
        await transport.shutdown()
        print("first \(Double(first - start) / 1e9) total \(Double(end - start) / 1e9) peak \(peak - before)"
              + " held \(held - before) rows \(rows) longest \(Double(longest) / 1e9) end \(end)"
              + " longestCPU \(Double(longestCPU) / 1e9) longestAt \(longestAt)")
    }
}

private enum StreamBenchError: Error { case noEndpoint }
