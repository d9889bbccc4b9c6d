import Foundation
import RowboatApp
@testable import RowboatCore
import RowboatSpec
import RowboatParsing
@testable import RowboatKit
import RowboatNetwork
import RowboatTestSupport
import Synchronization
import Testing

/// Every action a shipped example config declares works on the stand-in
/// the docs point to (the demo server and its look-alike routes): on the
/// first page's rows, alone and marked, each template finds its field, an
/// `open` is an http(s) URL and a `run` has its arguments. (The jobs are
/// not done: they would reach the real sites, clone, or change the demo.)
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ExampleActionsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The configs of Config/ that declare actions (the hostile one aside: its stand-in is the hostile server).
    static func configsWithActions() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Config").path)
            .filter { $0.hasSuffix(".yaml") && $0 != "hostile.yaml" }.sorted()
            .filter { try String(contentsOf: root.appendingPathComponent("Config/\($0)"), encoding: .utf8).contains("actions:") }
    }

    @Test func everyShippedActionWorksOnItsStandIn() async throws {
        let names = try Self.configsWithActions()
        #expect(names.contains("github-search.yaml") && names.contains("demo.yaml") && names.contains("hackernews.yaml"))
        try await CountedDemoServer.withRunning { server in
            for name in names {
                let text = try String(contentsOf: Self.root.appendingPathComponent("Config/\(name)"), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix("server: ") ? "server: \(server.baseURL)" : String($0) }.joined(separator: "\n")
                var config = try ConfigLoader.parse(text, file: name)
                config.localCache.enabled = false
                let transport = HTTPTransport()
                let provider = ConfigPageProvider(client: DataClient(config: config, transport: transport))
                for endpoint in config.endpoints where !config.actions(of: endpoint).isEmpty {
                    let loads = Mutex<[PageLoad<RowTable>]>([])
                    try await provider.load(PageRequest(list: .tab(endpoint.key), endpoint: endpoint.key, requestID: 1,
                                                        cursor: PagingPlan(paging: endpoint.paging).first, params: [:])) { load in
                        loads.withLock { $0.append(load) }
                    }
                    let rows = loads.withLock { $0 }.flatMap { Array($0.rows) }
                    #expect(rows.count >= 3, "\(name) \(endpoint.key)")
                    for action in config.actions(of: endpoint) {
                        for (subject, marked) in [(Array(rows.prefix(1)), false), (Array(rows.prefix(3)), true)] {
                            do {
                                let plan = try ActionPlan.make(action, endpoint: endpoint.key, rows: subject, marked: marked,
                                                               context: .init(environment: ["USER": "ann"]))
                                for job in plan.jobs {
                                    switch job {
                                    case .open(let url): #expect(URLOrigin(url) != nil, "\(name) \(action.title): \(url)")
                                    case .run(let arguments, _, _): #expect(arguments.allSatisfy { !$0.isEmpty }, "\(name) \(action.title)")
                                    case .request(_, let path, _, _): #expect(path.hasPrefix("/"), "\(name) \(action.title)")
                                    case .custom: Issue.record("a config has no custom actions")
                                    }
                                }
                            } catch {
                                Issue.record("\(name) \(endpoint.key) \(action.title): \(error)")
                            }
                        }
                    }
                }
                await transport.shutdown()
            }
        }
    }
}
