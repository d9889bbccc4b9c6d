import Foundation
import RowboatApp
import RowboatDemo
import RowboatNetwork
import RowboatParsing
import RowboatProcess
import RowboatSpec
import Testing

/// The rowboat app's "Copy request as curl": the config provider writes
/// the list's request with its credentials as `${VARIABLE}`s, and the
/// copied command, run by a real shell and a real curl with the variable
/// set, gets the same list from the demo server.
@Suite struct CopyAsCurlProviderTests {
    @Test func theCopiedCommandRunsAndHoldsNoSecret() async throws {
        let server = try await DemoServer.start(port: 0)
        let environment = ["DEMO_TOKEN": "tok-\(getpid())-secret"]
        let config = try ConfigLoader.parse("""
            server: \(server.baseURL)
            auth: {type: bearer, token: "${DEMO_TOKEN}"}
            interfaces:
              items:
                url: /api/items
                params: {limit: 3}
                item: {id: id, title: title}
            """, file: "api.yaml", environment: environment)
        let transport = HTTPTransport(maxBodyBytes: 1 << 20)
        let provider = ConfigPageProvider(client: DataClient(config: config, transport: transport))
        let command = try #require(provider.curl(endpoint: "items", params: ["q": "lamp's"]))
        #expect(!command.contains(environment["DEMO_TOKEN"]!))
        #expect(command.contains(#"-H "Authorization: Bearer ${DEMO_TOKEN}""#))
        #expect(command.contains("q=lamp"))
        #expect(provider.curl(endpoint: "nothing", params: [:]) == nil)
        let run = try ProcessRunner.run(ProcessSpec(["/bin/sh", "-c", command + " -s"],
                                                    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                                    stdout: .capture, stderr: .capture))
        await transport.shutdown()
        await server.stop()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"datas\""))
    }
}
