import ArgumentParser
import Foundation

/// `swift run -c release rowboat-bench [NAME...] [--json]`: every benchmark
/// as a ratio against a reference measured side by side in the same run.
@main
struct RowboatBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat-bench",
        abstract: "Benchmarks: ours against a reference, alternated in one run, medians of the repetitions.")

    static let all = ["virtualize", "cache", "decode", "json", "fetch", "dead-server", "stream", "million", "live", "idle", "memory", "render", "keypress", "paint", "memory-grid", "openapi", "startup", "load-keys", "stream-events", "stream-apply", "jq"]

    /// Single rows of a group, run on their own (not part of the default run).
    static let rows = ["decode-page", "scan", "write"]

    @Argument(help: ArgumentHelp("Benchmarks to run: \(all.joined(separator: ", ")). Default: all. "
                                 + "Also alone: decode-page (a row of fetch), scan (the streaming scanners over 100 MB bodies), "
                                 + "write (rows written from 100 MB bodies in memory, against simdjson's parse)."))
    var names: [String] = []

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Repetitions per benchmark (medians are kept).")
    var reps = 31

    /// A benchmark's child process inside a pty: "MODE ARG..." (see `ChildMode`).
    @Option(help: .hidden)
    var child: String?

    func run() async throws {
        if let child { ChildMode.run(child.split(separator: " ").map(String.init)) }
        let chosen = names.isEmpty ? Self.all : names
        for name in chosen where !Self.all.contains(name) && !Self.rows.contains(name) {
            throw ValidationError("unknown benchmark \"\(name)\"; choose from \((Self.all + Self.rows).joined(separator: ", "))")
        }
        let directory = NSTemporaryDirectory() + "rowboat-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var results: [BenchResult] = []
        // A binary chosen with ROWBOAT_BENCH_BINARY is measured as it is.
        if chosen.contains(where: ["idle", "keypress", "memory-grid", "startup", "load-keys", "stream-events"].contains),
           Self.chosenBinary == nil {
            try Self.buildApp()
        }
        for name in chosen {
            FileHandle.standardError.write(Data("running \(name)…\n".utf8))
            switch name {
            case "virtualize": results.append(VirtualizeBench.run(reps: reps))
            case "cache": results += try CacheBench.run(reps: reps, directory: directory)
            case "decode": results += try ImageBench.run(reps: reps, directory: directory)
            case "json": results += JSONBench.run(reps: reps)
            case "fetch": results += try await FetchBench.run(reps: reps)
            case "decode-page": results += try await FetchBench.runDecodePage(reps: reps)
            case "scan": results += ScanBench.run(reps: reps)
            case "write": results += try WriteBench.run(reps: reps)
            case "dead-server": results.append(try await DeadServerBench.run(reps: reps))
            case "stream": results += try await StreamBench.run(reps: reps, directory: directory)
            case "jq": results += try await JQBench.run(reps: reps, directory: directory)
            case "million": results += try await MillionBench.run(reps: reps)
            case "live": results.append(LiveBench.run(reps: reps))
            case "idle": results.append(SystemBench.idle(binary: Self.binaryPath()))
            case "memory": results.append(SystemBench.memory())
            case "render": results += RenderBench.run(reps: reps)
            case "keypress": results += KeypressBench.run(reps: reps, binary: Self.binaryPath())
            case "load-keys": results += try await LoadKeysBench.run(reps: reps, binary: Self.binaryPath(), directory: directory)
            case "stream-events": results += try await StreamEventsBench.run(reps: reps, binary: Self.binaryPath(), directory: directory)
            case "stream-apply": results += try StreamApplyBench.run(reps: reps, directory: directory)
            case "paint": results += PaintBench.run(reps: reps)
            case "memory-grid": results += SystemBench.gridMemory(binary: Self.binaryPath())
            case "openapi": results += OpenAPIBench.run(reps: reps)
            case "startup":
                let other = ProcessInfo.processInfo.environment["ROWBOAT_BENCH_BINARY_B"].flatMap { $0.isEmpty ? nil : $0 }
                results += await StartupBench.run(reps: reps, binary: Self.binaryPath(), other: other, directory: directory)
            default: break
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            // A row that could not be measured is NaN: keep it, as a string.
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            print(Bench.table(results))
        }
    }

    /// Brings the release `rowboat` next to this binary up to date (`swift
    /// build -c release --product rowboat`, from the package root, which is
    /// the current directory under `swift run`): the app benchmarks measure
    /// the code as it is now. A no-op build takes seconds. A build that
    /// fails (or cannot start, or outlasts 45 minutes) ends the run with
    /// its status: an older binary must never be measured instead.
    static func buildApp() throws {
        // A bench copied out of its build directory has no scratch path to build into (it would be `/`).
        let home = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        guard home.lastPathComponent == "release" else {
            throw BuildFailed(reason: "\(CommandLine.arguments[0]) is not in a release build directory, so no rowboat "
                                  + "is built beside it: set ROWBOAT_BENCH_BINARY to the rowboat to measure")
        }
        FileHandle.standardError.write(Data("building the release rowboat for the app benchmarks…\n".utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Into the build directory this binary came from (`--scratch-path
        // .build-release` included), where `binaryPath` looks for it.
        build.arguments = ["swift", "build", "-c", "release", "--product", "rowboat", "--scratch-path", scratchPath()]
        build.standardOutput = FileHandle.standardError
        do { try build.run() } catch { throw BuildFailed(reason: "cannot start swift build: \(error)") }
        // A cold release build takes up to half an hour on 2 cores.
        let deadline = Date().addingTimeInterval(45 * 60)
        while build.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 1) }
        if build.isRunning {
            build.terminate()
            build.waitUntilExit()
            throw BuildFailed(reason: "swift build of rowboat took over 45 minutes")
        }
        guard build.terminationReason == .exit, build.terminationStatus == 0 else {
            throw BuildFailed(reason: "swift build of rowboat failed (status \(build.terminationStatus)); nothing was measured")
        }
    }

    /// The app could not be built: the run stops with this line.
    struct BuildFailed: Error, CustomStringConvertible {
        var reason: String
        var description: String { "rowboat-bench: \(reason)" }
    }

    /// The build directory this binary is in: `<scratch>/release/` or
    /// `<scratch>/<triple>/release/`.
    static func scratchPath() -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent()
        if directory.lastPathComponent.contains("-linux-") || directory.lastPathComponent.contains("-apple-") {
            directory = directory.deletingLastPathComponent()
        }
        return directory.path
    }

    /// The binary `ROWBOAT_BENCH_BINARY` names (the shipped one from
    /// scripts/release, say), if any: measured as it is, not built.
    static var chosenBinary: String? {
        guard let chosen = ProcessInfo.processInfo.environment["ROWBOAT_BENCH_BINARY"], !chosen.isEmpty else { return nil }
        return chosen
    }

    /// The `rowboat` the pty benches start: `chosenBinary`, else the one
    /// built beside this bench.
    static func binaryPath() -> String {
        if let chosen = chosenBinary { return chosen }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rowboat").path
    }
}
