import Foundation
import RowboatSpec

/// What a probe reads from its first response before anything is written:
/// where the server and endpoint are, the framing (anti-XSSI prefix,
/// NDJSON), an outline of the body, the list, the item fields, every
/// paging guess that fits (likeliest first) and the credentials it was
/// given. `ProbeDraft` writes a draft from it for one paging guess.
///
/// The list is guessed on simdjson's tape; the rest read an outline of
/// the response (`ProbeDraft.outline`), so a large response costs its
/// tape, not a tree of all of it.
public struct ProbeAnalysis: Sendable {
    public let input: ProbeInput
    /// `scheme://host[:port]`.
    public let server: String
    /// The URL's path (percent-encoded as sent).
    public let path: String
    /// The endpoint key made from the path.
    public let key: String
    public let contentType: String?
    /// The body starts with an anti-XSSI prefix.
    public let xssi: Bool
    /// The body is NDJSON (by its content type or by its lines).
    public let ndjson: Bool
    /// A bounded outline of the body (see `ProbeDraft.outline`).
    public let root: JSONValue
    public let list: ListGuess
    /// The request body as JSON, when it is.
    public let requestBody: JSONValue?
    /// The item fields (the probe may choose another id once a walk shows
    /// the first one is not unique).
    public var fields: FieldGuess
    /// Every paging guess that fits, likeliest first; the last is style none.
    public let candidates: [PagingGuess]
    public let credentials: ProbeCredentials

    /// Reads `input`; fails with one line when there is no list to draft.
    public init(_ input: ProbeInput) throws(ProbeError) {
        guard let components = URLComponents(string: input.url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else {
            throw ProbeError("\(input.url) is not an http(s) URL")
        }
        guard (200..<300).contains(input.status) else {
            throw ProbeError(Self.statusLine(input.status, url: input.url))
        }
        self.input = input
        contentType = input.responseHeaders.header("content-type")
        let text = ResponseFraming.strippingPrefix(input.responseBody)
        xssi = text.startIndex > 0
            && input.responseBody.prefix(text.startIndex).contains { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }
        var ndjson = ResponseFraming.isNDJSON(.auto, contentType: contentType)
        let root: JSONValue
        let list: ListGuess?
        if !ndjson, let parsed = try? JSONTape.withDocument(text, { (node: JSONTapeNode) throws(Never) in
            (ProbeDraft.outline(node, depth: 0), ListGuess.best(in: node))
        }) {
            (root, list) = parsed
        } else if let lines = ProbeDraft.linesSample(text) {
            (root, list) = lines
            ndjson = true
        } else {
            throw ProbeError("the response is not JSON (\(contentType ?? "no content type")): \(ProbeDraft.preview(input.responseBody))")
        }
        guard let list else {
            throw ProbeError("the response holds no list (\(ProbeDraft.shape(root))): a draft needs an array of objects or of "
                             + "plain values, or an object of objects, with at least one item; probe the URL of a list")
        }
        self.ndjson = ndjson
        self.root = root
        self.list = list
        var server = "\(scheme)://\(URLOrigin.urlHost(host))"
        if let port = components.port { server += ":\(port)" }
        self.server = server
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        key = ProbeDraft.endpointKey(path)
        requestBody = input.body.flatMap { try? JSONValue.parse(Data($0)) }
        fields = FieldGuess.guess(list)
        candidates = PagingGuess.candidates(root: root, list: list, headers: input.responseHeaders, requestURL: input.url,
                                            method: input.method, requestBody: requestBody, declared: input.declared)
        credentials = ProbeCredentials.from(headers: input.headers, url: input.url, references: input.references)
    }

    /// The guess written when nothing is walked: the likeliest that is not
    /// a fallback.
    public var likeliest: PagingGuess {
        candidates.first { !$0.fallback } ?? candidates.last!
    }

    /// The one line for a status that is not a success: what it most
    /// likely means for a probe.
    static func statusLine(_ status: Int, url: String) -> String {
        let shown = ProbeDraft.scrubbedURL(url)
        switch status {
        case 401, 403:
            return "HTTP \(status) from \(shown): the server wants credentials (give them with --header, e.g. "
                + "--header 'Authorization: Bearer ${TOKEN}')"
        case 300..<400:
            return "HTTP \(status) from \(shown): a redirect without a usable Location"
        default:
            return "HTTP \(status) from \(shown): a draft needs a response with the list"
        }
    }
}
