import Foundation
import RowboatCore
import RowboatDemo
import RowboatNetwork

/// Page fetches from the demo server over keep-alive: 30 sequential pages,
/// and 8 in parallel, against one curl process fetching the same URLs
/// (reusing its connection; `--parallel` for the second).
enum FetchBench {
    static func curl(_ arguments: [String]) -> Double {
        let start = Bench.now()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        return Double(Bench.now() - start) / 1e9
    }

    static func run(reps: Int) async throws -> [BenchResult] {
        let server = try await DemoServer.start(port: 0)
        defer { Task { await server.stop() } }
        let yaml = try String(contentsOfFile: "Config/demo.yaml", encoding: .utf8)
        var config = try ConfigLoader.parse(yaml, file: "Config/demo.yaml")
        config.server = server.baseURL
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        let client = DataClient(config: config, transport: transport)
        let pages = 30
        let urls = (1...pages).map { "\(server.baseURL)/api/items?page=\($0)&limit=30" }
        var oursSeq: [Double] = [], curlSeq: [Double] = [], oursPar: [Double] = [], curlPar: [Double] = []
        for _ in 0..<max(5, reps / 3) {
            var start = Bench.now()
            for page in 1...pages { _ = try await client.fetchPage("items", cursor: .page(page)) }
            oursSeq.append(Double(Bench.now() - start) / 1e9 / Double(pages))
            curlSeq.append(curl(urls.flatMap { [$0, "-o", "/dev/null"] }) / Double(pages))

            start = Bench.now()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for page in 1...8 { group.addTask { _ = try await client.fetchPage("items", cursor: .page(page)) } }
                try await group.waitForAll()
            }
            oursPar.append(Double(Bench.now() - start) / 1e9)
            curlPar.append(curl(["--parallel", "--parallel-max", "8"] + urls.prefix(8).flatMap { [$0, "-o", "/dev/null"] }))
        }
        await transport.shutdown()
        return [
            BenchResult(name: "fetch-sequential", unit: "one page of 30 items", ours: Bench.median(oursSeq),
                        reference: Bench.median(curlSeq), referenceName: "curl, one process, keep-alive", target: 1.0,
                        note: "curl's time includes starting its process, spread over 30 requests"),
            BenchResult(name: "fetch-parallel", unit: "8 pages at once", ours: Bench.median(oursPar),
                        reference: Bench.median(curlPar), referenceName: "curl --parallel", target: 1.0),
        ]
    }
}
