import Foundation
import RowboatCache
import RowboatCore
import RowboatSpec
import RowboatKit
import RowboatNetwork
import RowboatParsing

/// The rowboat app's data source for the kit's runtime: pages of the
/// config's endpoints through `PageSource` (get modes over the cache and
/// the network), mapped into rows with the user's money format.
public struct ConfigPageProvider: PageProvider {
    let source: PageSource
    let client: DataClient
    let endpoints: [String: Endpoint]
    /// The get mode for every endpoint; nil: each endpoint's own.
    let mode: GetMode?
    let money: MoneyFormatter
    /// Stream endpoints' connections (`stream:`).
    let streams: StreamLoader

    /// `store` nil (or disabled) means no caching; `mode` nil means each
    /// endpoint's configured mode.
    public init(client: DataClient, store: CacheStore? = nil, mode: GetMode? = nil,
                money: MoneyFormatter = MoneyFormatter(),
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        source = PageSource(client: client, store: store, clock: clock)
        self.client = client
        endpoints = Dictionary(client.config.endpoints.map { ($0.key, $0) }) { first, _ in first }
        self.mode = mode
        self.money = money
        streams = StreamLoader(client: client, clock: clock)
    }

    /// The list's first-page request as the client sends it (credentials
    /// applied), written by `CurlWriter` with the config's secrets as
    /// `${VARIABLE}`s.
    package func curl(endpoint: String, params: [String: String]) -> String? {
        guard let endpoint = endpoints[endpoint],
              let spec = client.copyableRequest(endpoint, params: params.mapValues { ParamValue.one($0) }) else { return nil }
        return CurlWriter.command(spec, secrets: client.config.secrets)
    }

    package func load(_ request: PageRequest, deliver: @escaping @Sendable (PageLoad<RowTable>) -> Void) async throws {
        guard let endpoint = endpoints[request.endpoint] else {
            throw DataError.unknownEndpoint(request.endpoint)
        }
        let builder = RowModelBuilder(mapping: endpoint.item, money: money)
        let params = request.params.mapValues { ParamValue.one($0) }
        if endpoint.stream != nil {
            return try await streams.load(endpoint, params: params, builder: builder, deliver: deliver)
        }
        // The rows are written into a table here, off the UI thread (a
        // streamed body's were written by its decoder, `PageResult.rows`):
        // the list adopts its pages (`RowTable.append(table:)`).
        @Sendable func load(_ arrived: PageLoad<PageItems>) -> PageLoad<RowTable> {
            arrived.map { page in
                var table = RowTable(page.items.lazy.map(builder.row))
                if let rows = page.rows {
                    if table.isEmpty { table = RowTable(rows) } else { table.append(table: RowTable(rows)) }
                }
                return table
            }
        }
        // Parts (a streamed body's, a cached page shown first) become rows
        // on the pipe's queue while the body goes on being decoded; the
        // final answer comes after them, made here (a one-page answer
        // takes no hop).
        let pipe = RowPipe()
        let hand: @Sendable (PageLoad<PageItems>) async -> Void = { delivery in
            if delivery.final {
                await pipe.drain()
                deliver(load(delivery))
            } else {
                await pipe.send { deliver(load(delivery)) }
            }
        }
        do {
            if request.live {
                try await source.getLive(endpoint, cursor: request.cursor, params: params, mode: mode ?? endpoint.mode,
                                         rows: builder, deliver: hand)
            } else {
                try await source.get(endpoint, cursor: request.cursor, params: params, mode: mode ?? endpoint.mode,
                                     rows: builder, deliver: hand)
            }
        } catch {
            // The parts already sent are delivered before the failure is.
            await pipe.drain()
            throw error
        }
        await pipe.drain()
    }

    /// A request action's request, sent by the data client to the
    /// endpoint's own origin with its credentials; the answer's item as a row.
    package func perform(_ request: ActionRequest) async throws -> RowModel? {
        guard let endpoint = endpoints[request.endpoint] else { throw DataError.unknownEndpoint(request.endpoint) }
        let item = try await client.sendAction(endpoint, method: request.method, path: request.path,
                                               body: request.body)
        return item.map(RowModelBuilder(mapping: endpoint.item, money: money).row)
    }
}
