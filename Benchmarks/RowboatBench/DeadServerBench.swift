import Foundation
import RowboatSpec
import RowboatParsing
import RowboatDemo
import RowboatNetwork
import RowboatTestSupport

/// A server that is not there: how long a page request to a loopback port
/// that refuses connections takes to fail, on a fresh client as the TUI
/// starts with. The target is absolute (the error on screen in under
/// 0.3 s); curl's time to the same refusal is in the note.
enum DeadServerBench {
    static let budget = 0.3

    static func run(reps: Int) async throws -> BenchResult {
        let dead = try RefusingPort()
        let yaml = """
        server: \(dead.baseURL)
        interfaces:
          items: {url: /api/items, response: {list: datas.list}, item: {id: id, title: title}}
        """
        let config = try ConfigLoader.parse(yaml, file: "dead.yaml")
        var ours: [Double] = [], curl: [Double] = []
        for _ in 0..<max(5, reps / 3) {
            let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
            let client = DataClient(config: config, transport: transport)
            let start = Bench.now()
            do {
                _ = try await client.fetchPage("items", cursor: .page(1))
                fatalError("a refused port answered")
            } catch {
                guard case .network(let line) = error, line.contains("refused") else {
                    fatalError("expected connection refused, got \(error)")
                }
            }
            ours.append(Double(Bench.now() - start) / 1e9)
            await transport.shutdown()
            curl.append(FetchBench.curlTimes([], [dead.baseURL + "/api/items"], status: 7).first ?? .nan)
        }
        return BenchResult(name: "dead-server", unit: "page request to a refusing port until its error",
                           ours: Bench.median(ours), reference: budget, referenceName: "0.3 s", target: 1.0,
                           note: "fresh client, no retries of the refused connect; curl's time_total to the same port: "
                               + Bench.time(Bench.median(curl)))
    }
}
