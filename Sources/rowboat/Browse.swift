import ArgumentParser
import Foundation
import RowboatApp
import RowboatCache
import RowboatCore
import RowboatDemo
import RowboatNetwork

/// `rowboat [--config FILE] [--endpoint KEY]`: the TUI. With no config it
/// starts the embedded demo server and browses its catalog.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the list browser (the default command).")

    @OptionGroup var options: SourceOptions

    @Option(name: .long, help: "Endpoint key to browse. Default: the first in the config.")
    var endpoint: String?


    func run() async throws {
        let source = try await ConfigSource.open(options.config)
        let loaded = source.config
        let demo = source.demo
        let chosen: Endpoint
        do {
            chosen = try source.endpoint(named: endpoint)
        } catch {
            await source.close()
            throw error
        }
        let transport = HTTPTransport(maxBodyBytes: loaded.communication.maxBodyBytes)
        let client = DataClient(config: loaded, transport: transport)
        let store = CacheStore.open(for: loaded)
        var list = ListState(paging: chosen.paging)
        list.notice = store.notice ?? (loaded.localCache.enabled ? store.disabledReason : nil)
        var initial = AppState(endpointKey: chosen.key, columns: chosen.columns, list: list)
        initial.query = QueryState(options: chosen.query)
        let state = initial
        let mode = options.mode
        let outcome = await UIThread.run {
            let loop = TUIRunLoop(state: state)
            let inbox = loop.inbox
            loop.attach(EffectRunner(client: client, endpoint: chosen, store: store, mode: mode,
                                     post: { inbox.post($0) }))
            try loop.run()
        }
        await transport.shutdown()
        await demo?.stop()
        if case .failure(let error) = outcome { throw CLIError("\(error)") }
    }
}
