import Foundation
import RowboatSpec
import RowboatParsing

/// The config-driven data controller: asks for pages by endpoint key with
/// dynamic params; static params, paging params and client info are merged
/// in by the pure `RequestBuilder`, and bodies are decoded by `PageDecoder`.
public struct DataClient: Sendable {
    public let config: RowboatConfig
    public let transport: HTTPTransport
    /// The config's `auth:` credentials, applied per request (nil: none).
    public let authorizer: RequestAuthorizer?
    /// OAuth2 tokens: client credentials, or a sign-in's stored tokens
    /// (nil unless `auth.type` is oauth2, oauth2-code or oauth2-device).
    public let tokens: OAuth2TokenSource?
    /// One page decoder per endpoint key, its item mapping prepared once.
    let decoders: [String: PageDecoder]

    /// `clock` (seconds since the epoch) times OAuth2 token expiry. A
    /// sign-in's tokens come from `tokenStore` (default: the keyring where
    /// a Secret Service runs, else the 0600 file: `TokenStores.automatic`).
    public init(config: RowboatConfig, transport: HTTPTransport,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                tokenStore: (any TokenStore)? = nil) {
        self.config = config
        self.transport = transport
        authorizer = config.auth.map { RequestAuthorizer(auth: $0, server: config.server) }
        decoders = Dictionary(config.endpoints.map { ($0.key, PageDecoder(endpoint: $0)) }) { first, _ in first }
        if case .oauth2(let settings)? = config.auth {
            tokens = OAuth2TokenSource(settings: settings, server: config.server, transport: transport,
                                       timeoutSeconds: config.communication.timeoutSeconds,
                                       userAgent: config.communication.userAgent ?? ClientInfo.current.userAgent,
                                       clock: clock)
        } else if case .signIn(let settings)? = config.auth {
            tokens = OAuth2TokenSource(signIn: settings, store: tokenStore ?? TokenStores.automatic().store,
                                       server: config.server, transport: transport,
                                       timeoutSeconds: config.communication.timeoutSeconds,
                                       userAgent: config.communication.userAgent ?? ClientInfo.current.userAgent,
                                       loginHint: Self.loginCommand(config), clock: clock)
        } else {
            tokens = nil
        }
    }

    /// The command that signs in to `config`'s server (said when a sign-in has ended).
    public static func loginCommand(_ config: RowboatConfig) -> String {
        let path = config.source
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+~".unicodeScalars.contains($0)
        }
        return "rowboat auth login --config " + (plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'")
    }

    /// Fetches and decodes one page of `endpointKey`. A relative next-page
    /// URL (nextURL and link styles) is resolved against the URL that answered.
    public func fetchPage(_ endpointKey: String, cursor: PageCursor,
                          params: [String: ParamValue] = [:]) async throws(DataError) -> PageResult {
        switch try await fetchPageReply(endpointKey, cursor: cursor, params: params) {
        case .page(let page, _): return page
        case .notModified: throw .httpStatus(304, message: nil)
        }
    }

    /// Fetches one page and returns the raw reply with the decoded page, so
    /// the body can be stored. With `validators`, sends If-None-Match /
    /// If-Modified-Since, and a 304 comes back as `.notModified`.
    ///
    /// With `onPart`, a body larger than `PageStreamReceiver.threshold`
    /// (when the endpoint's list can stream: see `StreamingPageDecoder`) is
    /// decoded while it arrives: its items go to `onPart` in batches (pages
    /// that continue), the returned page holds the last ones and the
    /// paging facts, and the reply is `streamed` (its body is not kept, so
    /// it is not stored). With `rows` too, those items are written straight
    /// into rows as `rows` would build them (`PageResult.rows`).
    public func fetchPageReply(_ endpointKey: String, cursor: PageCursor, params: [String: ParamValue] = [:],
                               validators: Validators? = nil,
                               onPart: (@Sendable (PageResult) async -> Void)? = nil,
                               rows: RowModelBuilder? = nil) async throws(DataError) -> PageReply {
        guard let endpoint = config.endpoint(endpointKey) else { throw .unknownEndpoint(endpointKey) }
        return try await fetchPageReply(endpoint, cursor: cursor, params: params, validators: validators,
                                        onPart: onPart, rows: rows)
    }

    /// `fetchPageReply` for an endpoint already resolved (one of this
    /// client's config's): the caller looked it up once, not again here.
    public func fetchPageReply(_ endpoint: Endpoint, cursor: PageCursor, params: [String: ParamValue] = [:],
                               validators: Validators? = nil,
                               onPart: (@Sendable (PageResult) async -> Void)? = nil,
                               rows: RowModelBuilder? = nil) async throws(DataError) -> PageReply {
        let builder = RequestBuilder(config: config, endpoint: endpoint)
        if case .url = cursor {} else {
            let missing = builder.missingPathParams(params)
            guard missing.isEmpty else { throw .missingPathParams(endpoint: endpoint.key, names: missing) }
        }
        var spec = builder.request(cursor: cursor, params: params)
        if let validators {
            if let etag = validators.etag { spec.headers.append(("If-None-Match", etag)) }
            if let date = validators.lastModified { spec.headers.append(("If-Modified-Since", date)) }
        }
        let decoder = decoders[endpoint.key] ?? PageDecoder(endpoint: endpoint)
        let receiver = onPart.flatMap { onPart in
            StreamingPageDecoder(decoder: decoder).map {
                PageStreamReceiver(decoder: $0, writer: rows.map { TapeRowWriter(mapper: decoder.tapeMapper, builder: $0) },
                                   onPart: onPart)
            }
        }
        var reply: HTTPReply
        do {
            reply = try await send(spec, receiver: receiver)
        } catch {
            // No part goes out once the request has ended.
            await receiver?.close()
            throw error
        }
        if reply.status == 304, validators != nil { return .notModified(reply) }
        if let receiver, reply.streamed {
            guard receiver.streaming else {
                // Small enough to have been kept whole: decoded and stored as always.
                reply.body = receiver.buffered
                reply.streamed = false
                return .page(try decode(reply, endpoint: endpoint, cursor: cursor), reply)
            }
            let page = try await receiver.finish(contentType: reply.header("content-type"), headers: reply.headers)
            return .page(try absoluteNextURL(page, reply: reply), reply)
        }
        return .page(try decode(reply, endpoint: endpoint, cursor: cursor), reply)
    }

    /// The first-page request of `endpoint` (one of this client's config's)
    /// with `params`, credentials applied as they are sent (an OAuth2
    /// token, fetched at run time, is left out): what "Copy request as
    /// curl" writes. Nil for a path param without a value.
    public func copyableRequest(_ endpoint: Endpoint, params: [String: ParamValue]) -> RequestSpec? {
        let builder = RequestBuilder(config: config, endpoint: endpoint)
        guard builder.missingPathParams(params).isEmpty else { return nil }
        let spec = builder.request(cursor: PagingPlan(paging: endpoint.paging).first, params: params)
        guard let authorizer, authorizer.isTrusted(spec.url) else { return spec }
        return authorizer.apply(to: spec, token: nil)
    }

    /// Sends `spec` with the config's credentials when it goes to the
    /// server's origin. With OAuth2, a 401 fetches a new token and tries
    /// once more. The reply's URL leaves without the API key; errors are
    /// redacted where every text is, in `Sanitizer.clean`.
    func send(_ spec: RequestSpec, receiver: (any BodyReceiver)? = nil) async throws(DataError) -> HTTPReply {
        guard let authorizer, authorizer.isTrusted(spec.url) else { return try await transport.send(spec, receiver: receiver) }
        let (credentialed, first) = try await withCredentials(spec)
        var token = first
        var reply = try await transport.send(credentialed, receiver: receiver)
        if reply.status == 401, let tokens, let used = token {
            await tokens.invalidate(used)
            token = try await tokens.token()
            reply = try await transport.send(authorizer.apply(to: spec, token: token), receiver: receiver)
        }
        reply.url = authorizer.scrub(url: reply.url)
        return reply
    }

    /// `spec` with the config's credentials when it goes to the server's
    /// origin (an OAuth2 token fetched first), and the token it carries.
    func withCredentials(_ spec: RequestSpec) async throws(DataError) -> (RequestSpec, token: String?) {
        guard let authorizer, authorizer.isTrusted(spec.url) else { return (spec, nil) }
        var token: String?
        if let tokens { token = try await tokens.token() }
        return (authorizer.apply(to: spec, token: token), token)
    }

    /// Sends `spec` as this config's page requests are sent: with its
    /// credentials when it goes to the server's origin (the probe walks a
    /// draft's pages this way, counting each request itself).
    public func send(request spec: RequestSpec) async throws(DataError) -> HTTPReply {
        try await send(spec)
    }

    /// Sends a request action's request to `endpoint`'s own origin (one of
    /// this client's config's endpoints, resolved by the caller) with the
    /// config's credentials (`RequestBuilder.action`). A status outside
    /// 2xx is an error with the server's message; the answer's item (its
    /// body, or an object inside an envelope) mapped as the endpoint's
    /// items are, when it holds one with an id.
    public func sendAction(_ endpoint: Endpoint, method: HTTPMethodName, path: String,
                           body: [UInt8]?) async throws(DataError) -> Item? {
        guard let spec = RequestBuilder(config: config, endpoint: endpoint).action(method: method, path: path, body: body)
        else { throw .network("the endpoint's URL has no http(s) origin") }
        let reply = try await send(spec)
        let root = (try? JSONValue.parse(Data(reply.body)))
        guard (200..<300).contains(reply.status) else {
            let message = root.flatMap { endpoint.response.messagePath?.lookup(in: $0)?.scalarText }
            throw .httpStatus(reply.status, message: message.map { Sanitizer.clean($0, limit: 200) })
        }
        guard let root else { return nil }
        let mapper = ItemMapper(mapping: endpoint.item)
        var candidates = [root]
        if case .object(let members) = root { candidates += members.keys.sorted().compactMap { members[$0] } }
        for candidate in candidates {
            guard case .object = candidate, let item = try? mapper.map(candidate, index: 0, listPath: JSONPath(steps: [])),
                  !item.id.isEmpty, endpoint.item.field("id") != nil else { continue }
            return item
        }
        return nil
    }

    /// Decodes a reply (fresh or stored) of `endpointKey`: status checks,
    /// the page decoder, and a relative next-page URL made absolute. With
    /// the `cursor` it was fetched for, a page after the first that is past
    /// the end by `paging.endOnStatus` or `endOnMissingList` is an empty
    /// page that ends the data (`PageFacts.pastEnd`).
    public func decodePage(_ endpoint: Endpoint, reply: HTTPReply, cursor: PageCursor? = nil) throws(DataError) -> PageResult {
        try decode(reply, endpoint: endpoint, cursor: cursor)
    }

    func decode(_ reply: HTTPReply, endpoint: Endpoint, cursor: PageCursor? = nil) throws(DataError) -> PageResult {
        let paging = endpoint.paging
        let afterFirst = cursor.map { $0 != PagingPlan(paging: paging).first } ?? false
        if afterFirst, paging.endOnStatus.contains(reply.status) { return Self.pastEnd(.pastEndStatus(reply.status)) }
        guard afterFirst, paging.endOnMissingList else { return try decodeChecked(reply, endpoint: endpoint) }
        do {
            return try decodeChecked(reply, endpoint: endpoint)
        } catch .mappingMismatch(let path, let found) {
            let list = endpoint.response.listPath.description
            guard path == (list.isEmpty ? "(root)" : list), (200..<300).contains(reply.status) else {
                throw .mappingMismatch(path: path, found: found)
            }
            return Self.pastEnd(.pastEndNoList)
        }
    }

    /// An empty page that ends the data for `why`.
    static func pastEnd(_ why: WalkEnd) -> PageResult {
        var page = PageResult(items: [])
        page.facts.pastEnd = why
        return page
    }

    func decodeChecked(_ reply: HTTPReply, endpoint: Endpoint) throws(DataError) -> PageResult {
        let decoder = decoders[endpoint.key] ?? PageDecoder(endpoint: endpoint)
        guard (200..<300).contains(reply.status) else {
            // Servers often explain themselves in the envelope even on errors.
            let message = (try? JSONValue.parse(Data(reply.body))).flatMap { root in
                endpoint.response.messagePath?.lookup(in: root)?.scalarText
            }.map { Sanitizer.clean($0, limit: 200) }
            if RetryPolicy.retriedStatuses.contains(reply.status),
               let seconds = reply.header("retry-after").flatMap({ RetryPolicy.retryAfterSeconds($0, now: Date()) }) {
                throw .rateLimited(reply.status, message: message, retryAfter: seconds)
            }
            throw .httpStatus(reply.status, message: message)
        }
        if reply.status == 204 { throw .emptyResponse }
        let page = try decoder.decode(body: reply.body, contentType: reply.header("content-type"),
                                      headers: reply.headers)
        return try absoluteNextURL(page, reply: reply)
    }

    /// `page` with a relative next-page URL resolved against the URL that answered.
    func absoluteNextURL(_ page: PageResult, reply: HTTPReply) throws(DataError) -> PageResult {
        var page = page
        if let next = page.nextURL {
            guard let absolute = URL(string: next, relativeTo: URL(string: reply.url))?.absoluteString else {
                throw .mappingMismatch(path: "next page URL", found: "\"\(Sanitizer.clean(next, limit: 60))\"")
            }
            page.facts.nextURL = absolute
        }
        return page
    }
}

/// A stored response's validators, sent to revalidate it.
public struct Validators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String?, lastModified: String?) {
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// A page request's answer: a decoded page with its raw reply, or a 304
/// saying the stored copy is still current.
public enum PageReply: Sendable {
    case page(PageResult, HTTPReply)
    case notModified(HTTPReply)
}
