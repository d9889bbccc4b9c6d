import Foundation
import RowboatSpec

/// A HAR file (a browser's network log, "Save all as HAR") read for its
/// JSON list requests, in pieces: `log.entries` is streamed by
/// `JSONListScanner` (the one mechanism huge bodies stream by), so memory
/// follows one entry, not the file — a response body longer than
/// `JSONTapeNode.textLimit` keeps only its start — and a HAR of hundreds
/// of megabytes is read in bounded memory. An entry counts when it was
/// answered 2xx with a JSON content type and its body is, or holds (at
/// most two levels down), a list; each endpoint (method, origin and path)
/// once, at its first request.
public struct HarReader: Sendable {
    /// One request of the log, as the import replays it.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var url: String
        /// The headers worth replaying (credentials, Accept, Content-Type,
        /// `X-…`); a browser's own (`User-Agent`, `sec-…`, `:authority`) are left out.
        public var headers: [String]
        public var body: String?

        public init(method: String, url: String, headers: [String], body: String?) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// Why a HAR could not be read: one line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ message: String) { description = Sanitizer.clean(message, limit: 300) }
    }

    var scanner = JSONListScanner(path: JSONPath("log.entries")!)!
    /// The JSON list requests found so far, in order.
    public private(set) var requests: [Request] = []
    /// Entries read so far.
    public private(set) var entries = 0
    var seen = Set<String>()

    public init() {}

    /// Reads the next piece of the file.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if let elements = scanner.feed(bytes) { try take(elements) }
        if scanner.tooDeep { throw Failure("the HAR nests deeper than \(JSONDepthLimit.maxDepth) levels") }
        if scanner.longScalar { throw Failure("the HAR holds a number or word longer than \(JSONTapeNode.textLimit) bytes") }
    }

    /// After the last piece.
    public mutating func finish() throws(Failure) {
        let (elements, _) = scanner.finish()
        if let elements { try take(elements) }
        guard scanner.foundList else { throw Failure("not a HAR file: no log.entries list") }
    }

    mutating func take(_ elements: [UInt8]) throws(Failure) {
        var found: [Request] = []
        var count = 0
        do {
            try JSONTape.withDocument(elements[...]) { (root: JSONTapeNode) throws(Never) in
                root.forEachElement { entry in
                    count += 1
                    if let request = Self.listRequest(entry) { found.append(request) }
                }
            }
        } catch {
            throw Failure("not a HAR file: an entry near entry \(entries + 1) is not JSON")
        }
        entries += count
        for request in found {
            let key = Self.endpointKey(request)
            if seen.insert(key).inserted { requests.append(request) }
        }
    }

    /// Method, origin and path: what makes two requests one endpoint.
    static func endpointKey(_ request: Request) -> String {
        let base = request.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.url
        return request.method + " " + base
    }

    static let keptHeaders: Set<String> = ["accept", "content-type", "cookie"]

    /// The entry's request when it is a JSON list request.
    static func listRequest(_ entry: JSONTapeNode) -> Request? {
        guard let request = entry.member("request"), let response = entry.member("response"),
              case .string(let method)? = request.member("method")?.scalar,
              case .string(let url)? = request.member("url")?.scalar,
              url.hasPrefix("http://") || url.hasPrefix("https://"),
              let status = response.member("status")?.scalar, case .int(let code) = status, (200..<300).contains(code),
              let content = response.member("content"),
              case .string(let mime)? = content.member("mimeType")?.scalar, mime.lowercased().contains("json"),
              case .string(let text)? = content.member("text")?.scalar, holdsList(text)
        else { return nil }
        var headers: [String] = []
        for header in request.member("headers")?.elements ?? [] {
            guard case .string(let name)? = header.member("name")?.scalar, case .string(let value)? = header.member("value")?.scalar,
                  !name.hasPrefix(":") else { continue }
            let lower = name.lowercased()
            guard CredentialNames.isCredential(name) || keptHeaders.contains(lower) || lower.hasPrefix("x-") else { continue }
            headers.append("\(name): \(value)")
        }
        var body: String?
        if case .string(let text)? = request.member("postData")?.member("text")?.scalar, !text.isEmpty { body = text }
        return Request(method: method.uppercased(), url: url, headers: headers, body: body)
    }

    /// The body is a list, or an object with a list at most two levels
    /// down; a body cut at the text limit is judged by its start.
    static func holdsList(_ text: String) -> Bool {
        if let value = try? JSONTape.tree(Array(text.utf8)[...]) {
            func has(_ v: JSONValue, depth: Int) -> Bool {
                switch v {
                case .array: return true
                case .object(let o) where depth < 3: return o.values.contains { has($0, depth: depth + 1) }
                default: return false
                }
            }
            return has(value, depth: 0)
        }
        guard text.utf8.count >= JSONTapeNode.textLimit - 8 else { return false }
        let start = text.drop { $0.isWhitespace }
        return start.hasPrefix("[") || start.prefix(4096).contains(":[") || start.prefix(4096).contains(": [")
    }
}
