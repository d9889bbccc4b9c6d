#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatApp
import RowboatCache
import RowboatDemo

/// Process start to the first screen: the release `rowboat` started in a
/// 200x50 pty whose master answers DA1 as a terminal does, timed from just
/// before the spawn until the last row of its first screen (the 30th
/// item's title) is read from the master. Four kinds of start, alternated
/// rep by rep:
///
/// - `startup-cached`: `--config` (the demo config pointed at a demo server
///   in this process) `--mode cache-only`, its first page already in the
///   cache: against 50 ms.
/// - `startup-limit`: the same against a C program that reads the same 30
///   rows from a file, starts ncurses and paints them (`ref_startup.c`,
///   compiled as a program of its own with `cc`): the limit, reported.
/// - `startup-cached-full`: the same with 200 MB of pictures in the cache
///   (near its 256 MB cap): a check that read the whole file before the
///   first screen would show here.
/// - `startup-first`: `rowboat` with no arguments (the embedded demo) in a
///   HOME with no cache yet — the database created, the migrator run —
///   against 100 ms.
/// - `startup-demo`: the same once its cache exists, reported.
/// - `startup-cached-b`: with `ROWBOAT_BENCH_BINARY_B` set, `startup-cached`
///   of that binary too, start by start in turn with the first (each with
///   its own copy of the same sealed cache): a change's effect read against
///   the minute's drift, which moves whole runs more than most changes do.
enum StartupBench {
    /// One start: seconds to the watched text, or nil with why not.
    typealias Start = Result<Double, StartFailed>

    struct StartFailed: Error, CustomStringConvertible {
        let description: String
    }

    static func run(reps: Int, binary: String, other: String? = nil, directory: String) async -> [BenchResult] {
        func failed(_ why: String) -> [BenchResult] {
            [BenchResult(name: "startup-cached", unit: "process start → first screen, cache-only", ours: .nan,
                         reference: 0.05, referenceName: "50 ms", target: 1.0, note: why)]
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else { return failed("no rowboat release binary at \(binary)") }
        let root = directory + "/startup"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let server: DemoServer
        do { server = try await DemoServer.start(host: "127.0.0.1", port: 0) } catch { return failed("demo server: \(error)") }
        defer { Task { await server.stop() } }
        let items = Array(DemoCatalog().items.prefix(30))
        let needle = items[items.count - 1].title
        // The demo config pointed at this server; its cache in a directory of its own.
        let config = root + "/demo.yaml"
        let demoConfig = ConfigFile.demoConfigPath(executable: binary)
        guard let text = try? String(contentsOfFile: demoConfig, encoding: .utf8),
              text.contains("server: http://127.0.0.1:8080"),
              (try? text.replacingOccurrences(of: "server: http://127.0.0.1:8080", with: "server: \(server.baseURL)")
                .write(toFile: config, atomically: true, encoding: .utf8)) != nil else {
            return failed("cannot write the demo config from \(demoConfig)")
        }
        let reference = referenceProgram(rows: items, directory: root)
        let cached = root + "/cached"
        // The cache filled by one start over the network, which quits once its rows are in.
        if case .failure(let why) = start(binary, ["--config", config], home: cached, needle: needle, settle: 0.5) {
            return failed("filling the cache: \(why)")
        }
        // The same cache grown near its cap by 200 MB of pictures.
        let full = root + "/cached-full"
        if let why = grow(copying: cached, to: full, bytes: 200 << 20) { return failed(why) }
        // The other binary's copy of the same cache (sealed for its path by its first start, the warm-up).
        let cachedB = root + "/cached-b"
        if other != nil {
            try? FileManager.default.removeItem(atPath: cachedB)
            do { try FileManager.default.copyItem(atPath: cached, toPath: cachedB) } catch { return failed("copying the cache: \(error)") }
        }
        var samples: [String: [Double]] = [:]
        var misses: [String: String] = [:]
        let kinds = ["cached", "limit", "first", "demo", "full"] + (other != nil ? ["cachedB"] : [])
        for rep in 0..<(reps + 1) {
            // The order turned every repetition; the first one is a warm-up.
            for k in kinds.indices {
                let kind = kinds[(k + rep) % kinds.count]
                let result: Start
                switch kind {
                case "cached":
                    result = start(binary, ["--config", config, "--mode", "cache-only"], home: cached, needle: needle)
                case "limit":
                    result = start(reference.executable, reference.arguments, home: cached, needle: needle)
                case "full":
                    result = start(binary, ["--config", config, "--mode", "cache-only"], home: full, needle: needle)
                case "cachedB":
                    result = start(other ?? binary, ["--config", config, "--mode", "cache-only"], home: cachedB, needle: needle)
                case "first":
                    let fresh = root + "/first-\(rep)"
                    result = start(binary, [], home: fresh, needle: needle)
                    try? FileManager.default.removeItem(atPath: fresh)
                default:
                    result = start(binary, [], home: root + "/demo", needle: needle)
                }
                switch result {
                case .success(let seconds) where rep > 0: samples[kind, default: []].append(seconds)
                case .success: break
                case .failure(let why): misses[kind] = why.description
                }
            }
        }
        func median(_ kind: String) -> Double {
            samples[kind].map(Bench.median) ?? .nan
        }
        func note(_ kind: String) -> String {
            let count = samples[kind]?.count ?? 0
            let p90 = samples[kind].map { KeypressBench.percentile($0, 0.9) } ?? .nan
            var text = "\(count)/\(reps) starts, p90 \(Bench.time(p90))"
            if let why = misses[kind] { text += "; a start missed: \(why)" }
            return text
        }
        func quartiles(_ kind: String) -> String {
            guard let values = samples[kind], !values.isEmpty else { return "—" }
            return "p25 \(Bench.time(KeypressBench.percentile(values, 0.25))), p75 \(Bench.time(KeypressBench.percentile(values, 0.75)))"
        }
        let unit = "process start → first screen"
        let pair: [BenchResult] = other.map { other in
            [BenchResult(name: "startup-cached-b", unit: "\(unit), cache-only, \(other)", ours: median("cachedB"),
                         reference: median("cached"), referenceName: "the first binary, start by start in turn",
                         target: nil, note: note("cachedB") + "; \(quartiles("cachedB")) against \(quartiles("cached"))")]
        } ?? []
        return pair + [
            BenchResult(name: "startup-cached", unit: "\(unit), cache-only", ours: median("cached"), reference: 0.05,
                        referenceName: "50 ms", target: 1.0,
                        note: note("cached") + String(format: "; the C program painting the same rows: %@ (ours %.1f× it)",
                                                      Bench.time(median("limit")), median("cached") / median("limit"))),
            BenchResult(name: "startup-limit", unit: "\(unit), cache-only", ours: median("cached"),
                        reference: median("limit"), referenceName: reference.name, target: nil, note: note("limit")),
            BenchResult(name: "startup-cached-full", unit: "\(unit), cache-only, 200 MB of pictures cached",
                        ours: median("full"), reference: 0.05, referenceName: "50 ms", target: 1.0, note: note("full")),
            BenchResult(name: "startup-first", unit: "\(unit), no cache yet (embedded demo)", ours: median("first"),
                        reference: 0.1, referenceName: "100 ms", target: 1.0,
                        note: note("first") + "; the same start with its cache made: \(Bench.time(median("demo")))"),
            BenchResult(name: "startup-demo", unit: "\(unit), embedded demo, cache made", ours: median("demo"),
                        reference: nil, referenceName: "—", target: nil, note: note("demo")),
        ]
    }

    /// Copies the cache home `source` to `target` and adds `bytes` of
    /// pictures (200 KB each, made up) to its database; why not, if not.
    static func grow(copying source: String, to target: String, bytes: Int) -> String? {
        do {
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: source, toPath: target)
            let folder = target + "/cache/rowboat"
            guard let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix(".sqlite") }) else {
                return "no cache database in \(folder)"
            }
            let store = CacheStore(path: folder + "/" + name)
            guard store.isEnabled else { return "cache database in \(folder): \(store.disabledReason ?? "disabled")" }
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            var picture = [UInt8](repeating: 0, count: 200_000)
            for n in 0..<(bytes / picture.count) {
                for i in picture.indices {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    picture[i] = UInt8(truncatingIfNeeded: seed >> 33)
                }
                try store.storeImage(url: "http://127.0.0.1:1/picture/\(n).jpg", bytes: picture, etag: nil,
                                     now: Date().timeIntervalSince1970)
            }
            return nil
        } catch {
            return "growing the cache: \(error)"
        }
    }

    /// Starts `executable` in a 200x50 pty that answers DA1, with HOME and
    /// the XDG directories under `home` (the embedded demo on a free port),
    /// until `needle` is on the terminal; then `q`, waited for, and
    /// `settle` seconds of quiet first when asked (a cache being filled).
    static func start(_ executable: String, _ arguments: [String], home: String, needle: String,
                      settle: Double = 0) -> Start {
        let environment = PtyProcess.environment([
            "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state", "ROWBOAT_DEMO_PORT": "0",
        ])
        let begin = Bench.now()
        let child: PtyProcess
        do {
            child = try PtyProcess(executable: executable, arguments: arguments, environment: environment,
                                   answersQueries: true, watching: needle)
        } catch {
            return .failure(StartFailed(description: "\(error)"))
        }
        let seen = child.waitSeen(timeout: 20)
        if settle > 0 { child.waitSilence(settle, timeout: 20) }
        child.type(Array("q".utf8))
        child.finish(timeout: 5)
        guard let seen else {
            return .failure(StartFailed(description: "\"\(needle)\" not seen within 20 s \(child.diagnostics())"))
        }
        return .success(Double(seen - begin) / 1e9)
    }

    /// The C program that paints `rows` (`ref_startup.c`), compiled with
    /// `cc` (or the toolchain's `clang`) into `directory`; where no
    /// compiler works, the same code run
    /// as `rowboat-bench --child startup-ref` (a Swift process's start, so
    /// slower: the name says which).
    static func referenceProgram(rows: [DemoItem], directory: String)
        -> (executable: String, arguments: [String], name: String) {
        let lines = ["  Title" + String(repeating: " ", count: 60) + "Subtitle" + String(repeating: " ", count: 80)
                     + "Price    Date"]
            + rows.enumerated().map { index, item in
                let title = item.title.padding(toLength: 64, withPad: " ", startingAt: 0)
                let subtitle = item.subtitle.padding(toLength: 90, withPad: " ", startingAt: 0)
                return "◌ \(title)\(subtitle)" + String(format: "€%.2f  %d d ago", item.price, index)
            }
            + ["", " items · 30/1000 · page 1/34 · ready"]
        let file = directory + "/rows.txt"
        try? (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let source = FileManager.default.currentDirectoryPath + "/Benchmarks/CBenchReference/ref_startup.c"
        let program = directory + "/ref-startup"
        // The system's cc, else the clang that comes with the Swift toolchain.
        for compiler in ["cc", "clang"] {
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = [compiler, "-O2", "-DREF_STARTUP_MAIN", "-I",
                               (source as NSString).deletingLastPathComponent + "/include", source, "-lncursesw", "-o", program]
            build.standardOutput = FileHandle.nullDevice
            build.standardError = FileHandle.nullDevice
            guard (try? build.run()) != nil else { continue }
            build.waitUntilExit()
            if build.terminationStatus == 0 { return (program, [file], "C ncurses program") }
        }
        return (PtyProcess.selfExecutable(), ["--child", "startup-ref \(file)"], "C ncurses code in rowboat-bench (no cc)")
    }
}
