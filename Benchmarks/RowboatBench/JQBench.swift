import Foundation
import RowboatDemo
import RowboatProcess

/// `jq-field` (issue #47): a million-row load (Config/bulk.yaml's
/// envelope, the `load-envelope` child) with one more field computed by a
/// jq expression, against the same load with that field read at a path.
/// Runs alternate, medians compared; the jq field may add at most 2×.
enum JQBench {
    static let items = StreamBench.items
    static let target = 2.0
    /// The field both loads add: the same value, by a path or by jq.
    static let byPath = "      maker: subtitle"
    static let byJQ = "      maker: {jq: '.subtitle'}"
    static let byJQWork = #"      maker: {jq: '.title + " by " + .subtitle'}"#

    static func run(reps: Int, directory: String) async throws -> [BenchResult] {
        let server = try await DemoServer.start(port: 0)
        let text = try String(contentsOfFile: FileManager.default.currentDirectoryPath + "/Config/bulk.yaml", encoding: .utf8)
        func config(_ field: String, _ name: String) throws -> String {
            let path = directory + "/bulk-\(name).yaml"
            let yaml = text.replacingOccurrences(of: "      subtitle: subtitle\n", with: "      subtitle: subtitle\n\(field)\n")
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let variants = [("path", try config(byPath, "path")), ("jq", try config(byJQ, "jq")),
                        ("jq-work", try config(byJQWork, "jq-work"))]
        var runs: [String: [StreamBench.Run]] = [:]
        var failure: String?
        for _ in 0..<max(3, min(5, reps / 10)) where failure == nil {
            for (name, path) in variants {
                let result = try await StreamBench.blocking {
                    try ProcessRunner.run(ProcessSpec(["/proc/self/exe", "--child",
                                                       "stream-ours \(path) \(server.baseURL) \(items) envelope"],
                                                      stdout: .capture, stderr: .capture))
                }
                guard result.status == 0, let run = StreamBench.parse(result.stdout) else {
                    failure = "\(name) child failed (status \(result.status)): \(result.stderr.prefix(200))"
                    break
                }
                runs[name, default: []].append(run)
            }
        }
        await server.stop()
        let path = Bench.median(runs["path", default: []].map(\.total))
        let jq = Bench.median(runs["jq", default: []].map(\.total))
        let work = Bench.median(runs["jq-work", default: []].map(\.total))
        let rows = runs["jq"]?.first?.rows ?? 0
        return [BenchResult(
            name: "jq-field", unit: "request to every row in the list, \(items) items, one field by jq '.subtitle'",
            ours: failure == nil ? jq : .nan, reference: path, referenceName: "the same field at a path",
            target: target,
            note: failure ?? String(format: "%d rows; by path %@, by jq %@ (%.2f×), by jq '.title + \" by \" + .subtitle' %@ (%.2f×)",
                                    rows, Bench.time(path), Bench.time(jq), jq / path, Bench.time(work), work / path))]
    }
}
