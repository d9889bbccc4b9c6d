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

/// Values from a server reach programs and servers exactly as the server
/// wrote them, through the whole way a user's action takes: the hostile
/// server's page, the mapping (rows written from the tape), the plan, the
/// runner. A program writes the arguments it got to a file; the server
/// keeps the request target and body it got. Line breaks, tabs, escape
/// sequences, BEL, CR LF, bidi marks, shell characters and 131,071 bytes
/// arrive byte for byte; a NUL or an argument past the system's limit is
/// refused in one line naming the action and the field, and both go whole
/// on standard input. Ids of 100 KB that differ in their last byte stay
/// two rows.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ExactValuesTests {
    /// The hostile server, a config over `/exact/items` with `actions`, and
    /// the rows of its one page as the app loads them.
    struct World {
        let server: HostileServer
        let config: RowboatConfig
        let transport: HTTPTransport
        let rows: [RowModel]
        let dir: URL

        /// `actions` gets the folder a test's program may write into.
        static func start(actions: (URL) -> String) async throws -> World {
            let server = try HostileServer.start()
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-exact-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var config = try ConfigLoader.parse("""
            server: \(server.baseURL)
            localCache: {enabled: false}
            actions: [\(actions(dir))]
            interfaces:
              items:
                url: /exact/items
                paging: {style: none}
                response: {list: datas.list, success: code, successValues: [200], message: msg}
                item: {id: id, title: title, arg: arg}
            """, file: "exact.yaml")
            config.localCache.enabled = false
            let transport = HTTPTransport()
            let provider = ConfigPageProvider(client: DataClient(config: config, transport: transport))
            let loads = Mutex<[PageLoad<RowTable>]>([])
            try await provider.load(PageRequest(list: .tab("items"), endpoint: "items", requestID: 1, cursor: .page(1), params: [:])) { load in
                loads.withLock { $0.append(load) }
            }
            // A streamed body's rows come in parts.
            let rows = loads.withLock { $0 }.flatMap { Array($0.rows) }
            return World(server: server, config: config, transport: transport, rows: rows, dir: dir)
        }

        func row(_ name: String) throws -> RowModel { try #require(rows.first { $0.title == "EXACT \(name)" }, "\(rows.map(\.title))") }

        func plan(_ rows: [RowModel], marked: Bool = false, action: Int = 0) throws(ActionPlan.Problem) -> ActionPlan {
            let endpoint = config.endpoint("items")!
            return try ActionPlan.make(config.actions(of: endpoint)[action], endpoint: "items", rows: rows, marked: marked,
                                       context: .init(environment: ProcessInfo.processInfo.environment))
        }

        /// Runs `plan` for real and waits (bounded) for its report.
        func run(_ plan: ActionPlan) async throws -> ActionReport {
            let reports = Mutex<[ActionReport]>([])
            let runner = EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                                      post: { action in
                if case .actionFinished(let report) = action { reports.withLock { $0.append(report) } }
            })
            runner.run(.performAction(plan, runID: 1))
            guard let report = await eventuallyValue(timeout: 60, every: 0.02, { reports.withLock { $0.first } }) else {
                throw POSIXError(.ETIMEDOUT)
            }
            return report
        }

        func finish() async {
            server.stop()
            await transport.shutdown()
            try? FileManager.default.removeItem(at: dir)
        }
    }

    static let passable = HostileExactRoutes.values.filter { !["nul", "past-limit", "huge"].contains($0.name) }

    @Test func everyArgumentReachesTheProgramByteForByte() async throws {
        // The program writes each argument it got, NUL-terminated, to the file it is given as $0.
        let world = try await World.start { dir in
            #"{title: Args, run: [sh, -c, 'for a in "$@"; do printf "%s\0" "$a"; done > "$0"', "\#(dir.path)/args", "${marked.arg}"]}"#
        }
        defer { Task { await world.finish() } }
        let out = world.dir.appendingPathComponent("args").path
        let rows = try Self.passable.map { try world.row($0.name) }
        let report = try await world.run(try world.plan(rows, marked: true))
        #expect(report.failed == 0, "\(report)")
        let got = try Data(contentsOf: URL(fileURLWithPath: out))
        let expected: [UInt8] = Self.passable.flatMap { entry -> [UInt8] in Array(entry.value.utf8) + [0] }
        #expect([UInt8](got) == expected, "got \(got.count) bytes, expected \(expected.count)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/rowboat-exact-canary"))
    }

    @Test func aNULOrAnArgumentPastTheLimitIsRefusedNamingTheActionAndTheField() async throws {
        let world = try await World.start { _ in #"{title: Args, run: [printf, "%s", "${item.arg}"]}"# }
        defer { Task { await world.finish() } }
        #expect(throws: ActionPlan.Problem(description: "Args: ${item.arg} holds a NUL byte, which a program argument cannot carry "
                                            + "(stdin: \"${item.arg}\" passes it on the program's standard input)")) {
            try world.plan([try world.row("nul")])
        }
        for name in ["past-limit", "huge"] {
            let size = HostileExactRoutes.values.first { $0.name == name }!.value.utf8.count
            #expect(throws: ActionPlan.Problem(description: "Args: ${item.arg} comes to \(ProgramArguments.grouped(size)) bytes; "
                                                + "one program argument holds at most 131,071 "
                                                + "(stdin: \"${item.arg}\" passes it on the program's standard input)")) {
                try world.plan([try world.row(name)])
            }
        }
        // With rows marked, one refused row stops the batch, and the line counts them.
        let marked = try ["newline", "nul", "tab", "huge"].map { try world.row($0) }
        #expect(throws: ActionPlan.Problem(description: "Args: refused for 2 of the 4 marked rows, so none ran; the row \"EXACT nul\": "
                                            + "${item.arg} holds a NUL byte, which a program argument cannot carry "
                                            + "(stdin: \"${item.arg}\" passes it on the program's standard input)")) {
            try world.plan(marked, marked: true)
        }
    }

    @Test func standardInputTakesAnyBytesOfAnySize() async throws {
        let world = try await World.start { dir in #"{title: In, run: [sh, -c, 'cat > "$0"', "\#(dir.path)/stdin"], stdin: "${item.arg}"}"# }
        defer { Task { await world.finish() } }
        let out = world.dir.appendingPathComponent("stdin").path
        for entry in HostileExactRoutes.values {
            let report = try await world.run(try world.plan([try world.row(entry.name)]))
            #expect(report.failed == 0, "\(entry.name): \(report)")
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))) == Array(entry.value.utf8), "\(entry.name)")
        }
    }

    @Test func requestValuesGoOutAsTheServerWroteThemEncoded() async throws {
        let world = try await World.start { _ in
            #"{title: Send, request: {method: POST, path: "/exact/echo/${item.arg}", params: {v: "${item.arg}"}, body: {v: "${item.arg}"}}, then: none}, "#
                + #"{title: Body, request: {method: POST, path: "/exact/echo/body", body: {v: "${item.arg}"}}, then: none}"#
        }
        defer { Task { await world.finish() } }
        // Path and query carry the values that fit in a request head; the body carries every one.
        for entry in HostileExactRoutes.values where entry.value.utf8.count < 1000 {
            let report = try await world.run(try world.plan([try world.row(entry.name)]))
            #expect(report.failed == 0, "\(entry.name): \(report)")
            let got = try #require(world.server.requests(path: "/exact/echo/" + URLEncoding.encodeComponent(entry.value)).last,
                                   "\(entry.name): \(world.server.requests(path: "/exact/echo").map(\.target))")
            let query = try #require(got.target.split(separator: "?", maxSplits: 1).last)
            #expect(query == "v=" + URLEncoding.encodeComponent(entry.value), "\(entry.name): \(got.target)")
            let body = try JSONSerialization.jsonObject(with: Data(got.body)) as? [String: String]
            #expect(body == ["v": entry.value], "\(entry.name)")
            #expect(!got.headers.contains { $0.0.lowercased() == "x-injected" })
        }
        for name in ["huge", "past-limit", "nul"] {
            let entry = HostileExactRoutes.values.first { $0.name == name }!
            let report = try await world.run(try world.plan([try world.row(name)], action: 1))
            #expect(report.failed == 0, "\(name): \(report)")
            let got = try #require(world.server.requests(path: "/exact/echo/body").last)
            let body = try JSONSerialization.jsonObject(with: Data(got.body)) as? [String: String]
            #expect(body?["v"] == entry.value, "\(name): \(got.body.count) bytes")
        }
    }

    @Test func longIdsThatDifferInTheirLastByteAreTwoRowsAndGoOutWhole() async throws {
        let world = try await World.start { _ in #"{title: Send, request: {method: POST, path: "/exact/echo/id", body: {id: "${item.id}"}}, then: none}"# }
        defer { Task { await world.finish() } }
        let long = world.rows.filter { $0.title.hasPrefix("LONGID") }
        #expect(long.map(\.id) == HostileExactRoutes.longIDs)
        let report = try await world.run(try world.plan(long, marked: true))
        #expect(report.failed == 0, "\(report)")
        let sent = world.server.requests(path: "/exact/echo/id").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: String])?["id"]
        }
        #expect(sent.sorted() == HostileExactRoutes.longIDs)
    }
}
