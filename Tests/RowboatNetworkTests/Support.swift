import Foundation
import RowboatApp
import RowboatSpec
import RowboatParsing
@testable import RowboatNetwork

/// Shared helpers: configs from YAML, clients, walks.
enum Support {
    static func config(_ yaml: String, server: String) throws -> RowboatConfig {
        try ConfigLoader.parse("server: \(server)\n" + yaml, file: "test.yaml")
    }

    /// Runs `body` with a client for `config` and always shuts it down; the
    /// config's secrets are adopted first, as a program's start does.
    static func withClient<T: Sendable>(_ config: RowboatConfig, maxBodyBytes: Int? = nil,
                                        _ body: (DataClient) async throws -> T) async throws -> T {
        Secrets.adopt(config)
        let transport = HTTPTransport(maxBodyBytes: maxBodyBytes ?? config.communication.maxBodyBytes,
                                      connectTimeoutSeconds: 2)
        do {
            let result = try await body(DataClient(config: config, transport: transport))
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    /// Walks `key` with `PageSource.walk` (network only, no cache) to its
    /// end; the ids seen in order and how it ended. `maxPages` defaults to
    /// the endpoint's `paging.maxPages`.
    static func walk(_ client: DataClient, _ key: String, maxPages: Int? = nil,
                     params: [String: ParamValue] = [:]) async throws -> (ids: [String], outcome: WalkOutcome) {
        guard let endpoint = client.config.endpoint(key) else { throw DataError.unknownEndpoint(key) }
        let ids = IDBox()
        let outcome = try await PageSource(client: client, store: nil)
            .walk(endpoint, params: params, mode: .network, maxPages: maxPages ?? endpoint.paging.maxPages) { page in
                await ids.add(page.items.map(\.id))
            }
        return (await ids.ids, outcome)
    }

    /// The error `body` throws, as a `DataError`.
    static func failure(_ body: () async throws -> Void) async -> DataError? {
        do { try await body(); return nil } catch let e as DataError { return e } catch { return .network("unexpected \(error)") }
    }

    static func ids(_ range: ClosedRange<Int>) -> [String] { range.map(String.init) }

    /// The package root, for the example configs.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Collects ids across pages.
actor IDBox {
    var ids: [String] = []
    func add(_ more: [String]) { ids += more }
}

#if canImport(Glibc)
import Glibc
#endif

extension Support {
    /// A loopback port with nothing listening: bound to get a free number,
    /// then closed without ever listening, so a connect is refused.
    static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
