import Foundation
import RowboatApp
import RowboatCore
import RowboatParsing
import RowboatSpec
import RowboatDemo
import RowboatCells
import RowboatViews

/// What a stream's flood costs the UI thread (issue #46): the demo log's
/// NDJSON events read by a `StreamItemReader` and written into parts as
/// the stream's batcher writes them (off the UI thread), then each part
/// applied to an append ring of `keep` rows through `AppReducer` and a
/// frame made (on the UI thread, as the run loop does). Parts of 16 ms of
/// a 150,000-events-a-second flood, and one late part of a second's
/// worth. Two rows:
/// - `stream-apply`: the slowest 16 ms part applied with its frame,
///   against the frame budget (16 ms): a part's cost must not grow with
///   the ring, and must leave the thread free for keys.
/// - `stream-apply-upsert`: the same for a stream whose events change
///   10,000 rows in place (`mode: upsert`): each row read, compared and
///   its changed fields noted.
/// - `stream-apply-late`: a part of 150,000 events (a delivery held up a
///   second) applied, against the 50 ms key budget.
enum StreamApplyBench {
    static let keep = 100_000
    static let events = 300_000
    static let part = 2_400
    static let late = 150_000

    static func run(reps: Int, directory: String) throws -> [BenchResult] {
        let config = directory + "/stream-apply.yaml"
        try ("server: http://127.0.0.1:9\ninterfaces:\n" + StreamEventsBench.floodEndpoint(keep: keep) + """
          ticks:
            title: Ticks
            url: /api/ticks
            response: {format: ndjson}
            stream: {mode: upsert, keep: \(keep)}
            item: {id: symbol, title: name, price: {path: price, type: number}}
            columns:
              - {field: title, title: Name, weight: 1}
              - {field: price, title: Price, width: 10, align: right}
        """).write(toFile: config, atomically: true, encoding: .utf8)
        let loaded = try ConfigFile.load(config)
        let log = try measure(loaded, key: "log", reps: reps) { DemoStreamRoutes.logLine($0) }
        // 10,000 symbols, each event a new price of one of them: every part after the first changes rows in place.
        let ticks = try measure(loaded, key: "ticks", reps: reps) { n in
            "{\"symbol\":\"S\(n % 10_000)\",\"name\":\"Symbol \(n % 10_000)\",\"price\":\(Double(n % 99_991) / 100)}"
        }
        let budget = 0.016, keyBudget = 0.05
        return [
            BenchResult(name: "stream-apply", unit: "the slowest part of \(part) events (16 ms of a 150,000/s flood) applied to an append ring of \(keep), with its frame",
                        ours: log.slowest, reference: budget, referenceName: "a frame (16 ms)", target: 0.5,
                        note: String(format: "%@ an event on the UI thread (%@ an event written off it); a part's median while the ring fills %@, once full %@",
                                     Bench.time(log.perEvent), Bench.time(log.written), Bench.time(log.filling), Bench.time(log.full))),
            BenchResult(name: "stream-apply-upsert", unit: "the slowest part of \(part) events changing 10,000 rows in place (upsert), with its frame",
                        ours: ticks.slowest, reference: budget, referenceName: "a frame (16 ms)", target: 0.5,
                        note: String(format: "%@ an event on the UI thread (%@ an event written off it); a part's median %@",
                                     Bench.time(ticks.perEvent), Bench.time(ticks.written), Bench.time(ticks.full))),
            BenchResult(name: "stream-apply-late", unit: "one late part of \(late) events applied to a full append ring of \(keep), with its frame",
                        ours: Bench.median(log.late), reference: keyBudget, referenceName: "a key (50 ms)", target: 1.0,
                        note: "spread " + Bench.time(log.late.min() ?? .nan) + "–" + Bench.time(log.late.max() ?? .nan)),
        ]
    }

    /// Medians over the runs: the slowest part, the UI thread's time an
    /// event, the writing's time an event, a part's median while the ring
    /// fills and once full, and the late part's times.
    struct Figures {
        var slowest = 0.0, perEvent = 0.0, written = 0.0, filling = 0.0, full = 0.0
        var late: [Double] = []
    }

    static func measure(_ loaded: RowboatConfig, key: String, reps: Int, line: (Int) -> String) throws -> Figures {
        guard let endpoint = loaded.endpoint(key) else { throw POSIXError(.ENOENT) }
        let builder = RowModelBuilder(mapping: endpoint.item)
        // Written off the UI thread, as the batcher writes them: each part a table.
        var reader = StreamItemReader(item: endpoint.item, framing: .ndjson, rows: builder)
        func parts(from first: Int, count: Int, size: Int) -> [RowTable] {
            stride(from: first, to: first + count, by: size).map { start in
                var bytes: [UInt8] = []
                for n in start..<min(start + size, first + count) { bytes += Array(line(n).utf8); bytes.append(0x0A) }
                return RowTable(reader.feed(bytes).rows)
            }
        }
        let writeStart = Bench.now()
        let flood = parts(from: 1, count: events, size: part)
        let written = Double(Bench.now() - writeStart) / 1e9 / Double(events)
        let bigPart = parts(from: events + 1, count: late, size: late)[0]

        var slowest: [Double] = [], filling: [Double] = [], full: [Double] = [], perEvent: [Double] = [], lateParts: [Double] = []
        let renderer = AppRenderer()
        for _ in 0..<max(2, min(5, reps / 5)) {
            var state = AppState(config: loaded, showing: key, size: TerminalSize(columns: 200, rows: 50))
            _ = AppReducer.reduce(&state, .list(.appeared))
            guard let request = state.list.inFlight?.id else { throw POSIXError(.EINVAL) }
            func apply(_ rows: RowTable) -> Double {
                var page = PageLoad(table: rows, facts: PageFacts(itemCount: rows.count), fetchedAt: 0, final: false)
                page.facts.continues = true
                let start = Bench.now()
                _ = AppReducer.reduce(&state, .list(.pageLoaded(requestID: request, page)))
                let grid = renderer.render(state, now: 0)
                precondition(grid.width == 200)
                return Double(Bench.now() - start) / 1e9
            }
            var times: [Double] = []
            let start = Bench.now()
            for rows in flood { times.append(apply(rows)) }
            perEvent.append(Double(Bench.now() - start) / 1e9 / Double(events))
            slowest.append(times.max() ?? .nan)
            let fillingParts = keep / part
            filling.append(Bench.median(Array(times.prefix(fillingParts))))
            full.append(Bench.median(Array(times.suffix(fillingParts))))
            lateParts.append(apply(bigPart))
        }
        return Figures(slowest: Bench.median(slowest), perEvent: Bench.median(perEvent), written: written,
                       filling: Bench.median(filling), full: Bench.median(full), late: lateParts)
    }
}
