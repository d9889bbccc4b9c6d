import RowboatSpec
import RowboatParsing

/// A stream endpoint's one long request (`stream:`), built and sent as
/// every page request is (the request builder, credentials, `${ENV}`,
/// redirects), with `Last-Event-ID` when resuming, no whole-request
/// deadline and no body cap (the connect timeout still holds; the ring
/// bounds memory). A WebSocket stream's request is built the same way and
/// opened by `openWebSocket`.
extension DataClient {
    /// How long one connection may stay open before it is closed and opened
    /// again (the live rules reconnect it).
    public static let streamLifetime: Double = 24 * 3600

    /// Opens `endpointKey`'s stream from `resume`, says when the server has
    /// answered 2xx (`onOpen`: connected, before any event), and hands each batch of
    /// events to `onBatch` with the reader's state (for the next resume)
    /// until the response ends; returns where to resume. `rows` builds the
    /// rows (the user's money format); nil: the mapping's defaults; `items`:
    /// the batches hold the mapped items instead (what `fetch` prints). A status outside
    /// 2xx fails as a page's would.
    public func openStream(_ endpointKey: String, params: [String: ParamValue] = [:], resume: StreamResume,
                           rows: RowModelBuilder? = nil, items: Bool = false, onOpen: @escaping @Sendable () -> Void = {},
                           onBatch: @escaping @Sendable (StreamBatch, StreamResume, Double?) async -> Void)
        async throws(DataError) -> StreamResume {
        guard let endpoint = config.endpoint(endpointKey) else { throw .unknownEndpoint(endpointKey) }
        return try await openStream(endpoint, params: params, resume: resume, rows: rows, items: items, onOpen: onOpen,
                                    onBatch: onBatch)
    }

    /// `openStream` for an endpoint already resolved (one of this client's
    /// config's): the caller looked it up once, not again here.
    public func openStream(_ endpoint: Endpoint, params: [String: ParamValue] = [:], resume: StreamResume,
                           rows: RowModelBuilder? = nil, items: Bool = false, onOpen: @escaping @Sendable () -> Void = {},
                           onBatch: @escaping @Sendable (StreamBatch, StreamResume, Double?) async -> Void)
        async throws(DataError) -> StreamResume {
        let builder = RequestBuilder(config: config, endpoint: endpoint)
        let missing = builder.missingPathParams(params)
        guard missing.isEmpty else { throw .missingPathParams(endpoint: endpoint.key, names: missing) }
        var spec = builder.request(cursor: PagingPlan(paging: endpoint.paging).first, params: params)
        spec.timeoutSeconds = Self.streamLifetime
        spec.maxBodyBytes = Int.max
        if endpoint.stream?.webSocket == true {
            return try await openWebSocket(endpoint, request: spec, params: endpoint.params.merging(params) { $1 }, resume: resume,
                                           rows: rows, items: items, onOpen: onOpen, onBatch: onBatch)
        }
        if !resume.lastEventID.isEmpty { spec.headers.append(("Last-Event-ID", resume.lastEventID)) }
        let receiver = StreamEventReceiver(item: endpoint.item, rows: rows, items: items, resume: resume, onOpen: onOpen) { batch, reader in
            await onBatch(batch, StreamResume(lastEventID: reader.lastEventID, nextIndex: reader.nextIndex), reader.retrySeconds)
        }
        let reply = try await send(spec, receiver: receiver)
        guard reply.streamed, let reader = receiver.reader else {
            _ = try decodeChecked(reply, endpoint: endpoint)   // the status's error
            throw .httpStatus(reply.status, message: nil)
        }
        return StreamResume(lastEventID: reader.lastEventID, nextIndex: reader.nextIndex)
    }
}
