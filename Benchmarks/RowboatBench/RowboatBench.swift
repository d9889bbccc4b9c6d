import ArgumentParser
import Foundation

/// `swift run -c release rowboat-bench [NAME...] [--json]`: every benchmark
/// as a ratio against a reference measured side by side in the same run.
@main
struct RowboatBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowboat-bench",
        abstract: "Benchmarks: ours against a reference, alternated in one run, medians of the repetitions.")

    static let all = ["virtualize", "cache", "decode", "fetch", "idle", "memory"]

    @Argument(help: "Benchmarks to run: \(all.joined(separator: ", ")). Default: all.")
    var names: [String] = []

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Repetitions per benchmark (medians are kept).")
    var reps = 31

    func run() async throws {
        let chosen = names.isEmpty ? Self.all : names
        for name in chosen where !Self.all.contains(name) {
            throw ValidationError("unknown benchmark \"\(name)\"; choose from \(Self.all.joined(separator: ", "))")
        }
        let directory = NSTemporaryDirectory() + "rowboat-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var results: [BenchResult] = []
        for name in chosen {
            FileHandle.standardError.write(Data("running \(name)…\n".utf8))
            switch name {
            case "virtualize": results.append(VirtualizeBench.run(reps: reps))
            case "cache": results += try CacheBench.run(reps: reps, directory: directory)
            case "decode": results += try ImageBench.run(reps: reps)
            case "fetch": results += try await FetchBench.run(reps: reps)
            case "idle": results.append(SystemBench.idle(binary: Self.binaryPath()))
            case "memory": results.append(SystemBench.memory())
            default: break
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            print(Bench.table(results))
        }
    }

    /// The rowboat binary built next to this one.
    static func binaryPath() -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rowboat").path
    }
}
