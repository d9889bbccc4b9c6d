import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
import RowboatDemo
import RowboatNetwork
import RowboatProcess
import RowboatTerminal
import Synchronization
import RowboatTestSupport

/// A huge response, streamed: Config/bulk.yaml's endpoint asks the demo
/// server's /api/bulk for a million items (about 100 MB, written as it is
/// generated). A child process (`--child "stream-ours …"`, so its memory
/// is its own) gets it as the app does — `PageSource` deliveries mapped
/// into rows as `ConfigPageProvider` maps them, each into `AppReducer` —
/// and renders the first
/// screen (200x50, into the cell grid) as soon as its first part lands.
/// The references are absolute (0.5 s to the first screen; 1.5× the body
/// in memory); jq on the same body, saved to a file, is in the notes.
enum StreamBench {
    static let items = 1_000_000
    static let firstScreenBudget = 0.5
    static let memoryBudget = 1.5

    /// What one child run measured.
    struct Run {
        var firstScreen: Double
        var total: Double
        /// Peak resident bytes above the warmed-up process's.
        var peakGrowth: Double
        /// Resident bytes above it once every row is in the list.
        var heldGrowth: Double
        var rows: Int
    }

    static func run(reps: Int, directory: String) async throws -> [BenchResult] {
        let server = try await DemoServer.start(port: 0)
        let config = FileManager.default.currentDirectoryPath + "/Config/bulk.yaml"
        let url = server.baseURL + "/api/bulk?items=\(items)"
        // The same body in a file, for its size and for jq.
        let file = directory + "/bulk.json"
        let curl = try await blocking {
            try ProcessRunner.run(ProcessSpec(["curl", "-s", "-o", file, "-w", "%{time_starttransfer} %{time_total}", url],
                                              stdout: .capture))
        }
        let curlTimes = curl.stdout.split(separator: " ").compactMap { Double($0) }
        let bodyBytes = Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        var runs: [Run] = []
        var failure: String?
        for _ in 0..<max(3, min(5, reps / 10)) {
            let result = try await blocking {
                try ProcessRunner.run(ProcessSpec(["/proc/self/exe", "--child", "stream-ours \(config) \(server.baseURL) \(items)"],
                                                  stdout: .capture, stderr: .capture))
            }
            guard result.status == 0, let run = parse(result.stdout) else {
                failure = "child failed (status \(result.status)): \(result.stderr.prefix(200))"
                break
            }
            runs.append(run)
        }
        await server.stop()
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
        return Run(firstScreen: first, total: total, peakGrowth: peak, heldGrowth: held, rows: Int(rows))
    }

    /// `body` on a thread of its own (it blocks; the demo server's tasks
    /// keep the cooperative pool).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The child: `CONFIG BASE-URL ITEMS`. Warms up on a small body (not
    /// streamed), notes its memory, then gets ITEMS and prints the figures.
    static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let count = Int(arguments[2]) else { return 2 }
        let done = Mutex<Int32?>(nil)
        Task {
            let status: Int32
            do {
                try await measure(config: arguments[0], baseURL: arguments[1], items: count)
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

    /// The list and its first screen as the app has them.
    struct Screen: Sendable {
        var state: AppState
        var firstScreen: UInt64?
    }

    static func measure(config path: String, baseURL: String, items: Int) async throws {
        var config = try ConfigFile.load(path)
        config.server = baseURL
        guard let endpoint = config.endpoints.first else { throw StreamBenchError.noEndpoint }
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        // What the app's ConfigPageProvider does: PageSource deliveries, mapped into rows.
        let source = PageSource(client: DataClient(config: config, transport: transport), store: nil)
        let builder = RowModelBuilder(mapping: endpoint.item)
        func fresh() -> AppState {
            var state = AppState(endpointKey: endpoint.key, columns: endpoint.columns,
                                 list: ListState(paging: endpoint.paging), size: TerminalSize(columns: 200, rows: 50))
            _ = AppReducer.reduce(&state, .list(.appeared))
            return state
        }
        let screen = Mutex(Screen(state: fresh()))
        func get(_ items: Int) async throws {
            try await source.get(endpoint, cursor: .first, params: ["items": .one(String(items))], mode: .network) { delivery in
                let load = PageLoad(rows: delivery.page.items.map(builder.row), facts: delivery.page.facts,
                                    fetchedAt: delivery.fetchedAt, origin: delivery.origin, final: delivery.final)
                screen.withLock { screen in
                    _ = AppReducer.reduce(&screen.state, .list(.pageLoaded(requestID: 1, load)))
                    if screen.firstScreen == nil {
                        let grid = AppRenderer().render(screen.state, now: 0)
                        precondition(grid.width == 200)
                        screen.firstScreen = Bench.now()
                    }
                }
            }
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
        let (first, rows) = screen.withLock { ($0.firstScreen ?? end, $0.state.list.rows.count) }
        await transport.shutdown()
        print("first \(Double(first - start) / 1e9) total \(Double(end - start) / 1e9) peak \(peak - before)"
              + " held \(held - before) rows \(rows)")
    }
}

private enum StreamBenchError: Error { case noEndpoint }
