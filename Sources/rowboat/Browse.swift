import ArgumentParser
import Foundation
import RowboatApp
import RowboatCore
import RowboatDemo
import RowboatNetwork

/// `rowboat [--config FILE] [--endpoint KEY]`: the TUI. With no config it
/// starts the embedded demo server and browses its catalog.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the list browser (the default command).")

    @Option(name: .long, help: "Config file (YAML or JSON). Default: the embedded demo.")
    var config: String?

    @Option(name: .long, help: "Endpoint key to browse. Default: the first in the config.")
    var endpoint: String?

    func run() async throws {
        var demo: DemoServer?
        var loaded: RowboatConfig
        do {
            loaded = try ConfigFile.load(config ?? ConfigFile.demoConfigPath())
        } catch {
            throw CLIError(error.description)
        }
        if config == nil {
            let server = try await DemoServer.start(host: "127.0.0.1", port: 0)
            loaded.server = server.baseURL
            demo = server
        }
        let chosen: Endpoint
        if let key = endpoint {
            guard let e = loaded.endpoint(key) else {
                let known = loaded.endpoints.map(\.key).joined(separator: ", ")
                await demo?.stop()
                throw CLIError("\(loaded.source): no endpoint named \"\(key)\" (known: \(known))")
            }
            chosen = e
        } else {
            chosen = loaded.defaultEndpoint!
        }
        let transport = HTTPTransport()
        let client = DataClient(config: loaded, transport: transport)
        let state = AppState(endpointKey: chosen.key, columns: chosen.columns, list: ListState(paging: chosen.paging))
        let outcome = await UIThread.run {
            let loop = TUIRunLoop(state: state)
            let inbox = loop.inbox
            loop.attach(EffectRunner(client: client, endpoint: chosen, post: { inbox.post($0) }))
            try loop.run()
        }
        await transport.shutdown()
        await demo?.stop()
        if case .failure(let error) = outcome { throw CLIError("\(error)") }
    }
}
