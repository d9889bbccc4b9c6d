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
        let port = URLComponents(string: server.baseURL)?.port ?? 0
        // Warm-up: our client opens its connections once (one for the
        // sequential fetches, up to 8 for the parallel ones).
        for page in 1...8 { _ = try await client.fetchPage("items", cursor: .page(page)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for page in 1...8 { group.addTask { _ = try await client.fetchPage("items", cursor: .page(page)) } }
            try await group.waitForAll()
        }
        var connections = Connections(ours: 0, oursRequests: 0, curl: 0, curlRequests: 0)
        let rounds = max(5, reps / 3)
        for _ in 0..<rounds {
            var before = TCPTable.clientPorts(toPort: port)
            var start = Bench.now()
            for page in 1...pages { _ = try await client.fetchPage("items", cursor: .page(page)) }
            oursSeq.append(Double(Bench.now() - start) / 1e9 / Double(pages))
            start = Bench.now()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for page in 1...8 { group.addTask { _ = try await client.fetchPage("items", cursor: .page(page)) } }
                try await group.waitForAll()
            }
            oursPar.append(Double(Bench.now() - start) / 1e9)
            connections.ours += TCPTable.clientPorts(toPort: port).subtracting(before).count
            connections.oursRequests += pages + 8

            before = TCPTable.clientPorts(toPort: port)
            curlSeq.append(curl(urls.flatMap { [$0, "-o", "/dev/null"] }) / Double(pages))
            curlPar.append(curl(["--parallel", "--parallel-max", "8"] + urls.prefix(8).flatMap { [$0, "-o", "/dev/null"] }))
            connections.curl += TCPTable.clientPorts(toPort: port).subtracting(before).count
            connections.curlRequests += pages + 8
        }
        // What the sequential time is made of: decoding and mapping one
        // page's reply (no network) against the whole fetch.
        guard case .page(_, let reply) = try await client.fetchPageReply("items", cursor: .page(1)) else {
            fatalError("the demo server answered 304 without validators")
        }
        var decodeTimes: [Double] = []
        for _ in 0..<max(31, reps) {
            let start = Bench.now()
            _ = try client.decodePage("items", reply: reply)
            decodeTimes.append(Double(Bench.now() - start) / 1e9)
        }
        let decode = Bench.median(decodeTimes)
        await transport.shutdown()
        return [
            BenchResult(name: "fetch-sequential", unit: "one page of 30 items", ours: Bench.median(oursSeq),
                        reference: Bench.median(curlSeq), referenceName: "curl, one process, keep-alive", target: 1.0,
                        note: "curl's time includes starting its process, spread over 30 requests"),
            BenchResult(name: "fetch-decode", unit: "decode + map one page of 30 items", ours: decode,
                        reference: Bench.median(oursSeq), referenceName: "our whole sequential fetch", target: nil,
                        note: String(format: "%.0f KB of JSON; the rest of a fetch is HTTP and the in-process server",
                                     Double(reply.body.count) / 1024)),
            BenchResult(name: "fetch-parallel", unit: "8 pages at once", ours: Bench.median(oursPar),
                        reference: Bench.median(curlPar), referenceName: "curl --parallel", target: 1.0),
            BenchResult(name: "fetch-connections", unit: "new connections per request", ours: connections.oursPerRequest,
                        reference: connections.curlPerRequest, referenceName: "curl", target: nil,
                        note: "\(connections.ours) new connections for \(connections.oursRequests) requests after warm-up "
                            + "(\(connections.curl) for curl's \(connections.curlRequests)); target ≈ 0",
                        measure: "count"),
        ]
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
