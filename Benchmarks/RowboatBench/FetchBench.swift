import AsyncHTTPClient
import Foundation
@_spi(Reference) import RowboatSpec
import RowboatDemo
import RowboatNetwork
import RowboatParsing

/// Page fetches from the demo server over keep-alive: 30 sequential pages,
/// and 8 in parallel, against curl fetching the same URLs, timed by curl's
/// own per-transfer figures (`-w '%{time_total}'`), so its process start
/// is in no figure; the first transfers of each curl run open its
/// connections and are dropped, as our client is warmed too.
enum FetchBench {
    /// Runs curl on `urls` (after `options`), each written to /dev/null;
    /// every transfer's `time_total` in seconds, in the order they ended.
    /// curl must end with `status` (7: it could not connect).
    static func curlTimes(_ options: [String], _ urls: [String], status: Int32 = 0) -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s"] + options + urls.flatMap { [$0, "-o", "/dev/null", "-w", "%{time_total}\\n"] }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { fatalError("cannot run /usr/bin/curl: \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let times = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        guard process.terminationStatus == status, times.count == urls.count else {
            fatalError("curl failed (status \(process.terminationStatus), \(times.count) of \(urls.count) transfers)")
        }
        return times
    }

    /// The demo server and a client of its config (Config/demo.yaml).
    struct Demo {
        let server: DemoServer, config: RowboatConfig, transport: HTTPTransport, client: DataClient

        static func start() async throws -> Demo {
            let server = try await DemoServer.start(port: 0)
            let yaml = try String(contentsOfFile: "Config/demo.yaml", encoding: .utf8)
            var config = try ConfigLoader.parse(yaml, file: "Config/demo.yaml")
            config.server = server.baseURL
            let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
            return Demo(server: server, config: config, transport: transport,
                        client: DataClient(config: config, transport: transport))
        }
    }

    static func run(reps: Int) async throws -> [BenchResult] {
        let demo = try await Demo.start()
        let (server, config, transport, client) = (demo.server, demo.config, demo.transport, demo.client)
        defer { Task { await server.stop() } }
        let pages = 30
        let urls = (1...pages).map { "\(server.baseURL)/api/items?page=\($0)&limit=30" }
        var oursSeq: [Double] = [], curlSeq: [Double] = [], oursPar: [Double] = [], curlPar: [Double] = []
        // This process's CPU per sequential request during ours: client
        // and server (the server alone is measured under curl, below).
        var oursCPU: [Double] = []
        let port = URLComponents(string: server.baseURL)?.port ?? 0
        // Warm-up: our client opens its connections once (one for the
        // sequential fetches, up to 8 for the parallel ones).
        for page in 1...8 { _ = try await client.fetchPage("items", cursor: .page(page)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for page in 1...8 { group.addTask { _ = try await client.fetchPage("items", cursor: .page(page)) } }
            try await group.waitForAll()
        }
        // The library's own figure: AsyncHTTPClient's GET of the same pages, body collected, nothing decoded
        // (the client our transport is built on, with its defaults).
        let plain = HTTPClient(eventLoopGroupProvider: .singleton)
        func plainGet(_ url: String) async throws {
            let response = try await plain.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            _ = try await response.body.collect(upTo: 1 << 24)
        }
        for url in urls.prefix(2) { try await plainGet(url) }
        var plainSeq: [Double] = []
        var connections = Connections(ours: 0, oursRequests: 0, curl: 0, curlRequests: 0)
        let rounds = max(5, reps / 3)
        for _ in 0..<rounds {
            var before = TCPTable.clientPorts(toPort: port)
            var start = Bench.now()
            let cpu = processCPUSeconds()
            for page in 1...pages { _ = try await client.fetchPage("items", cursor: .page(page)) }
            oursSeq.append(Double(Bench.now() - start) / 1e9 / Double(pages))
            oursCPU.append((processCPUSeconds() - cpu) / Double(pages))
            start = Bench.now()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for page in 1...8 { group.addTask { _ = try await client.fetchPage("items", cursor: .page(page)) } }
                try await group.waitForAll()
            }
            oursPar.append(Double(Bench.now() - start) / 1e9)
            connections.ours += TCPTable.clientPorts(toPort: port).subtracting(before).count
            connections.oursRequests += pages + 8

            start = Bench.now()
            for url in urls { try await plainGet(url) }
            plainSeq.append(Double(Bench.now() - start) / 1e9 / Double(pages))

            before = TCPTable.clientPorts(toPort: port)
            // One connection: the first transfer opens it (dropped), the
            // 30 after it reuse it.
            let sequential = curlTimes([], [urls[0]] + urls)
            curlSeq.append(sequential.dropFirst().reduce(0, +) / Double(pages))
            // 8 connections: the first 8 transfers open them, the next 8
            // reuse them; the batch takes as long as its slowest transfer.
            let parallel = curlTimes(["--parallel", "--parallel-max", "8"], Array(urls.prefix(8)) + Array(urls.prefix(8)))
            curlPar.append(parallel.suffix(8).max() ?? .nan)
            connections.curl += TCPTable.clientPorts(toPort: port).subtracting(before).count
            connections.curlRequests += pages + 1 + 16
        }
        // The server's CPU per request alone: this process's CPU while one
        // curl (another process, started once for 300 transfers so its
        // start-up in this process weighs little) fetches the pages.
        let probe = (0..<300).map { urls[$0 % pages] }
        let cpu = processCPUSeconds()
        _ = curlTimes([], probe)
        let serverCPU = (processCPUSeconds() - cpu) / Double(probe.count)
        // What the sequential time is made of: decoding and mapping one
        // page's reply (no network) against the whole fetch.
        guard case .page(_, let reply) = try await client.fetchPageReply("items", cursor: .page(1)) else {
            fatalError("the demo server answered 304 without validators")
        }
        let items = config.endpoint("items")!
        var decodeTimes: [Double] = []
        for _ in 0..<max(31, reps) {
            let start = Bench.now()
            _ = try client.decodePage(items, reply: reply)
            decodeTimes.append(Double(Bench.now() - start) / 1e9)
        }
        let decode = Bench.median(decodeTimes)
        let decodePage = compareDecoding(reply: reply, endpoint: items, reps: reps)
        await transport.shutdown()
        try await plain.shutdown()
        return [
            decodePage,
            BenchResult(name: "fetch-sequential", unit: "one page of 30 items", ours: Bench.median(oursSeq),
                        reference: Bench.median(curlSeq), referenceName: "curl time_total, kept-alive", target: 1.0,
                        note: "curl's own per-request time over one warm connection (its process start is outside it); "
                            + String(format: "CPU per request of this process: %.0f µs serving curl (the in-process server alone), "
                                     + "%.0f µs during ours (client + server)",
                                     serverCPU * 1e6, Bench.median(oursCPU) * 1e6)
                            + String(format: "; AsyncHTTPClient's own GET of the same pages, body collected, nothing decoded: %@ (ours %.2f× it)",
                                     Bench.time(Bench.median(plainSeq)), Bench.median(oursSeq) / Bench.median(plainSeq))),
            BenchResult(name: "fetch-decode", unit: "decode + map one page of 30 items", ours: decode,
                        reference: Bench.median(oursSeq), referenceName: "our whole sequential fetch", target: nil,
                        note: String(format: "%.0f KB of JSON; the rest of a fetch is HTTP and the in-process server",
                                     Double(reply.body.count) / 1024)),
            BenchResult(name: "fetch-parallel", unit: "8 pages at once", ours: Bench.median(oursPar),
                        reference: Bench.median(curlPar), referenceName: "curl --parallel-max 8, warm", target: 1.0,
                        note: "curl: the slowest of 8 transfers over 8 warm connections (its time_total)"),
            BenchResult(name: "fetch-connections", unit: "new connections per request", ours: connections.oursPerRequest,
                        reference: connections.curlPerRequest, referenceName: "curl", target: nil,
                        note: "\(connections.ours) new connections for \(connections.oursRequests) requests after warm-up "
                            + "(\(connections.curl) for curl's \(connections.curlRequests)); target ≈ 0",
                        measure: "count"),
        ]
    }

    /// Only the `decode-page` row (`rowboat-bench decode-page`): the demo
    /// server's first page of items, decoded as in `run`, no fetch timed.
    static func runDecodePage(reps: Int) async throws -> [BenchResult] {
        let demo = try await Demo.start()
        defer { Task { await demo.server.stop() } }
        guard case .page(_, let reply) = try await demo.client.fetchPageReply("items", cursor: .page(1)) else {
            fatalError("the demo server answered 304 without validators")
        }
        await demo.transport.shutdown()
        return [compareDecoding(reply: reply, endpoint: demo.config.endpoint("items")!, reps: reps)]
    }

    /// Decoding and mapping the demo's 30-item page: ours (simdjson's tape,
    /// mapped in place) against the path before it (Foundation's
    /// `JSONSerialization`, a `JSONValue` tree, the same mapping over it).
    static func compareDecoding(reply: HTTPReply, endpoint: Endpoint, reps: Int) -> BenchResult {
        let decoder = PageDecoder(endpoint: endpoint)
        let body = reply.body
        let type = reply.header("content-type")
        let (ours, reference) = Bench.compare(reps: reps, inner: 20, ours: {
            let page = try! decoder.decode(body: body, contentType: type)
            precondition(page.items.count == 30)
        }, reference: {
            let root = try! JSONValue.parseWithFoundation(Data(body))
            let page = try! decoder.decode(root: root)
            precondition(page.items.count == 30)
        })
        return BenchResult(name: "decode-page", unit: "decode + map the demo's 30-item page", ours: ours,
                           reference: reference, referenceName: "JSONSerialization → JSONValue → mapping", target: 0.1,
                           note: String(format: "%.1f KB; simdjson %@ read in place", Double(body.count) / 1024,
                                        "3.0.1"))
    }

    /// User + system CPU seconds this process (all its threads) has used.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = usage.ru_utime, system = usage.ru_stime
        return Double(user.tv_sec + system.tv_sec) + Double(user.tv_usec + system.tv_usec) / 1e6
    }

    /// New TCP connections to the server counted on both sides of a phase.
    struct Connections {
        var ours: Int, oursRequests: Int, curl: Int, curlRequests: Int
        var oursPerRequest: Double { Double(ours) / Double(max(1, oursRequests)) }
        var curlPerRequest: Double { Double(curl) / Double(max(1, curlRequests)) }
    }
}

/// The kernel's TCP tables (/proc/net/tcp and tcp6): which local ports
/// have a socket to a given remote port. Closed connections linger in
/// TIME_WAIT for a minute, so the difference of two readings counts the
/// connections opened in between, whoever opened them in this namespace.
enum TCPTable {
    static func clientPorts(toPort port: Int) -> Set<Int> {
        var ports = Set<Int>()
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for line in readAll(file).split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 2,
                      let local = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                      let remote = fields[2].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                      remote == port else { continue }
                ports.insert(local)
            }
        }
        return ports
    }

    /// The whole file: /proc files report size 0 and come in page-sized
    /// reads, so read until EOF.
    static func readAll(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
