import Foundation
import RowboatCore
import RowboatNetwork

/// A server that is not there: how long a page request to a loopback port
/// that refuses connections takes to fail, on a fresh client as the TUI
/// starts with. The target is absolute (the error on screen in under
/// 0.3 s); curl's time to the same refusal is in the note.
enum DeadServerBench {
    static let budget = 0.3

    static func run(reps: Int) async throws -> BenchResult {
        let (socket, port) = try refusingPort()
        defer { close(socket) }
        let yaml = """
        server: http://127.0.0.1:\(port)
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
            curl.append(curlTime("http://127.0.0.1:\(port)/api/items"))
        }
        return BenchResult(name: "dead-server", unit: "page request to a refusing port until its error",
                           ours: Bench.median(ours), reference: budget, referenceName: "0.3 s", target: 1.0,
                           note: "fresh client, no retries of the refused connect; curl's time_total to the same port: "
                               + Bench.time(Bench.median(curl)))
    }

    /// curl's own time to fail on `url` (its exit status 7: refused).
    static func curlTime(_ url: String) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null", "-w", "%{time_total}", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { fatalError("cannot run /usr/bin/curl: \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Double(String(decoding: output, as: UTF8.self)) ?? .nan
    }

    /// A loopback socket bound to a free port and never listening: connects
    /// to it are refused while it stays open (so no one else takes the port).
    static func refusingPort() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
