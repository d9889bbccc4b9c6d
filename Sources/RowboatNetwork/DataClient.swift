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
        guard let endpoint = config.endpoint(endpointKey) else { throw .unknownEndpoint(endpointKey) }
        let spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: cursor, params: params)
        let reply = try await transport.send(spec)
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
