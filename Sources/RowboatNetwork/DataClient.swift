import Foundation
import RowboatCore

/// The config-driven data controller: asks for pages by endpoint key with
/// dynamic params; static params, paging params and client info are merged
/// in by the pure `RequestBuilder`, and bodies are decoded by `PageDecoder`.
public struct DataClient: Sendable {
    public let config: RowboatConfig
    public let transport: HTTPTransport

    public init(config: RowboatConfig, transport: HTTPTransport) {
        self.config = config
        self.transport = transport
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
    public func fetchPageReply(_ endpointKey: String, cursor: PageCursor, params: [String: ParamValue] = [:],
                               validators: Validators? = nil) async throws(DataError) -> PageReply {
        guard let endpoint = config.endpoint(endpointKey) else { throw .unknownEndpoint(endpointKey) }
        var spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: cursor, params: params)
        if let validators {
            if let etag = validators.etag { spec.headers.append(("If-None-Match", etag)) }
            if let date = validators.lastModified { spec.headers.append(("If-Modified-Since", date)) }
        }
        let reply = try await transport.send(spec)
        if reply.status == 304, validators != nil { return .notModified(reply) }
        return .page(try decode(reply, endpoint: endpoint), reply)
    }

    /// Decodes a reply (fresh or stored) of `endpointKey`: status checks,
    /// the page decoder, and a relative next-page URL made absolute.
    public func decodePage(_ endpointKey: String, reply: HTTPReply) throws(DataError) -> PageResult {
        guard let endpoint = config.endpoint(endpointKey) else { throw .unknownEndpoint(endpointKey) }
        return try decode(reply, endpoint: endpoint)
    }

    func decode(_ reply: HTTPReply, endpoint: Endpoint) throws(DataError) -> PageResult {
        let decoder = PageDecoder(endpoint: endpoint)
        guard (200..<300).contains(reply.status) else {
            // Servers often explain themselves in the envelope even on errors.
            let message = (try? JSONValue.parse(Data(reply.body))).flatMap { root in
                endpoint.response.messagePath?.lookup(in: root)?.scalarText
            }
            throw .httpStatus(reply.status, message: message.map { Sanitizer.clean($0, limit: 200) })
        }
        if reply.status == 204 { throw .emptyResponse }
        var page = try decoder.decode(body: reply.body, contentType: reply.header("content-type"),
                                      headers: reply.headers)
        if let next = page.nextURL {
            guard let absolute = URL(string: next, relativeTo: URL(string: reply.url))?.absoluteString else {
                throw .mappingMismatch(path: "next page URL", found: "\"\(Sanitizer.clean(next, limit: 60))\"")
            }
            page.nextURL = absolute
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
