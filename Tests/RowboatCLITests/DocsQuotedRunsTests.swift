import Foundation
import Testing

/// The runs docs quote (`$ rowboat …` in a code block, then what it
/// prints) are what the binary prints: cli.md's exactly (a config file
/// that is only an example, like my-api.yaml, is skipped), cache.md's with
/// sizes, counts and paths read as placeholders.
@Suite("docs quote what the binary prints", .serialized)
struct DocsQuotedRunsTests {
    /// A quoted run: the words after `$ rowboat` and the lines up to the
    /// next `$` line or the block's end.
    struct Run {
        var arguments: [String]
        var output: [String]
    }

    static func runs(in doc: String) throws -> [Run] {
        let text = try String(contentsOf: Paths.root.appendingPathComponent(doc), encoding: .utf8)
        var runs: [Run] = []
        var current: Run?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") || line.hasPrefix("$ rowboat") {
                if let run = current { runs.append(run) }
                current = nil
            }
            if line.hasPrefix("$ rowboat") {
                current = Run(arguments: line.dropFirst("$ rowboat".count).split(separator: " ").map(String.init),
                              output: [])
            } else if current != nil, !line.isEmpty, !line.hasPrefix("```") {
                current?.output.append(String(line))
            }
        }
        return runs
    }

    /// Runs `arguments` as the docs would from the repository's folder: a
    /// `Config/` path is that file, and is written back as the docs wrote it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String] {
        let root = Paths.root.path + "/"
        let r = try await Subprocess.rowboat(environment: environment,
                                             arguments.map { $0.hasPrefix("Config/") ? root + $0 : $0 })
        return (r.stdout + r.stderr).replacingOccurrences(of: root, with: "")
            .split(separator: "\n").map(String.init)
    }

    @Test func cliMdRunsPrintWhatItShows() async throws {
        let runs = try Self.runs(in: "docs/cli.md")
        #expect(runs.count >= 6)
        var checked = 0
        for run in runs {
            let files = run.arguments.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".plist") }
            guard files.allSatisfy({ FileManager.default.fileExists(atPath: Paths.root.appendingPathComponent($0).path) })
            else { continue }
            let printed = try await Self.run(run.arguments)
            #expect(printed == run.output, "rowboat \(run.arguments.joined(separator: " "))")
            checked += 1
        }
        #expect(checked >= 6)
    }

    /// Sizes, counts and the file's path differ from run to run: they are
    /// compared as placeholders, the words around them exactly.
    static func shape(_ line: String) -> String {
        line.replacing(/\sin \/\S+$/, with: " in PATH")
            .replacing(/\d+(\.\d+)?\s(B|KB|MB|GB)\b/, with: "SIZE")
            .replacing(/\d+/, with: "N")
    }

    @Test func cacheMdRunsPrintWhatItShows() async throws {
        let runs = try Self.runs(in: "docs/cache.md")
        #expect(runs.count == 2)
        let cache = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: cache) }
        for run in runs {
            // The synopsis' [--optional] parts left out.
            let arguments = run.arguments.filter { !$0.hasPrefix("[") && !$0.hasSuffix("]") }
            let printed = try await Self.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
            #expect(printed.map(Self.shape) == run.output.map(Self.shape), "rowboat \(arguments.joined(separator: " "))")
        }
    }
}
