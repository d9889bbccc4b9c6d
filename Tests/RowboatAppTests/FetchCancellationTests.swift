import Foundation
import RowboatApp
import RowboatCore
import RowboatSpec
@testable import RowboatKit
import RowboatDemo
import RowboatNetwork
import Synchronization
import Testing
import RowboatTestSupport

/// A refresh or a new query cancels the page request it overtakes: the
/// connection is closed at once (the server sees it go), and a cancelled
/// request posts nothing.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FetchCancellationTests {
    /// The hostile server's `stall` route: headers, then nothing for 600 s.
    static func stallEndpoint(_ server: HostileServer) throws -> (RowboatConfig, Endpoint) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var config = try ConfigFile.load(root.appendingPathComponent("Config/hostile.yaml").path)
        config.server = server.baseURL
        config.communication.timeoutSeconds = 60
        config.localCache.enabled = false
        return (config, try #require(config.endpoint("stall")))
    }

    @Test func cancelFetchClosesTheSupersededRequestsConnection() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let (config, endpoint) = try Self.stallEndpoint(server)
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        let runner = EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                                  post: { _ in })
        runner.run(.fetchPage(list: .tab("stall"), endpoint: "stall", requestID: 1, cursor: PagingPlan(paging: endpoint.paging).first))
        // The server has read the request (not only accepted the connection).
        #expect(await eventually { server.requestCount(path: "/body/stall") == 1 && server.openConnections == 1 })
        runner.run(.cancelFetch(list: .tab("stall"), requestID: 1))
        #expect(await eventually { server.openConnections == 0 })
        #expect(server.requestCount(path: "/body/stall") == 1)
        await transport.shutdown()
    }

    @Test func aCancelledRequestPostsNothing() async throws {
        let server = try HostileServer.start()
        defer { server.stop() }
        let (config, endpoint) = try Self.stallEndpoint(server)
        let transport = HTTPTransport(maxBodyBytes: config.communication.maxBodyBytes)
        let posted = Mutex<[AppAction]>([])
        let runner = EffectRunner(provider: ConfigPageProvider(client: DataClient(config: config, transport: transport)),
                                  post: { action in posted.withLock { $0.append(action) } })
        let task = Task { await runner.fetchPage(list: .tab("stall"), endpoint: "stall", id: 1, cursor: PagingPlan(paging: endpoint.paging).first) }
        #expect(await eventually { server.openConnections == 1 })
        task.cancel()
        await task.value   // the barrier: the request has ended
        #expect(posted.withLock { $0 } == [])
        #expect(await eventually { server.openConnections == 0 })
        await transport.shutdown()
    }
}
