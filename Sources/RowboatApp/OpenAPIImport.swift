import Foundation
import RowboatNetwork
import RowboatSpec
import RowboatParsing

/// `rowboat config import` of an OpenAPI document (a file or a URL): reads
/// it (`OpenAPIReader`, `OpenAPIDocument`), makes the config
/// (`OpenAPIConfig`), and — unless offline — checks each list endpoint
/// against the live server as the probe does (`ProbeRun`, the document's
/// paging guess walked first, one request at a time, bounded per endpoint
/// and in all). Where the document and the server disagree (the paging,
/// where the list is, an id or title field the items lack) the server's
/// answer is written, with a comment saying so.
public struct OpenAPIImport: Sendable {
    public struct Options: Sendable {
        /// Replaces the document's server.
        public var server: String?
        /// Writes what the document says alone.
        public var offline = false
        /// Requests per endpoint after its first.
        public var maxRequests = ProbeRun.Options.defaultMaxRequests
        /// Requests for the whole check.
        public var maxTotalRequests = 120
        public var timeoutSeconds: Double = 15
        /// Where `${API_TOKEN}` and the like are read for the check.
        public var environment: [String: String] = ProcessInfo.processInfo.environment

        public init(server: String? = nil, offline: Bool = false, maxRequests: Int = ProbeRun.Options.defaultMaxRequests,
                    timeoutSeconds: Double = 15) {
            self.server = server
            self.offline = offline
            self.maxRequests = maxRequests
            self.timeoutSeconds = timeoutSeconds
        }
    }

    /// What an import made: the YAML, and how many requests the check sent.
    public struct Outcome: Sendable {
        public var yaml: String
        public var config: OpenAPIConfig
        public var requests: Int
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// True for text that looks like an OpenAPI or Swagger document (the
    /// `openapi` or `swagger` key near its start).
    public static func looksLikeOpenAPI(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        return head.range(of: #"(^|[\n{,])\s*["']?(openapi|swagger)["']?\s*:"#, options: .regularExpression) != nil
    }

    /// True when YAML `openapi:`/`swagger:` starts a line, or JSON has the
    /// key `"openapi"`/`"swagger"` with a text value, anywhere in `bytes`.
    public static func hasTopLevelOpenAPIKey(_ bytes: [UInt8]) -> Bool {
        for key in ["\nopenapi:", "\nswagger:", "\n\"openapi\":", "\n'openapi':", "\"openapi\": \"", "\"openapi\":\"",
                    "\"swagger\": \"", "\"swagger\":\""] {
            let needle = Array(key.utf8)
            if bytes.withUnsafeBufferPointer({ find(needle, in: $0) }) { return true }
        }
        return false
    }

    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Reads `source` (a path or an http(s) URL) and imports it.
    public func run(_ source: String) async throws(OpenAPIError) -> Outcome {
        let transport = ProbeRun.transport(maxBodyBytes: OpenAPIReader.maxBytes + 1)
        do {
            let (bytes, url) = try await Self.load(source, transport: transport, timeout: options.timeoutSeconds)
            let outcome = try await run(bytes, name: Self.shortName(source), documentURL: url, transport: transport)
            await transport.shutdown()
            return outcome
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    /// Imports a document already read (`documentURL`: where it came from).
    public func run(_ bytes: [UInt8], name: String, documentURL: String?,
                    transport: HTTPTransport) async throws(OpenAPIError) -> Outcome {
        let document = try OpenAPIDocument(OpenAPIReader.read(bytes, name: name), name: name)
        var config = OpenAPIConfig.make(document, source: name, documentURL: documentURL, server: options.server)
        var requests = 0
        if !options.offline && config.serverContacted {
            requests = await check(&config, transport: transport)
        }
        return Outcome(yaml: config.yaml(offline: options.offline), config: config, requests: requests)
    }

    static func shortName(_ source: String) -> String {
        if source.hasPrefix("http://") || source.hasPrefix("https://") { return ProbeDraft.scrubbedURL(source) }
        return Sanitizer.clean(URL(fileURLWithPath: source).lastPathComponent, limit: 120)
    }

    /// The document's bytes, and its URL when it came from one.
    static func load(_ source: String, transport: HTTPTransport, timeout: Double) async throws(OpenAPIError)
        -> ([UInt8], String?) {
        let lower = source.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard URLOrigin(source) != nil else { throw OpenAPIError("\(source) is not an http(s) URL") }
            let spec = RequestSpec(method: .get, url: source,
                                   headers: [("Accept", "application/json, application/yaml;q=0.9, */*;q=0.5"),
                                             ("User-Agent", ClientInfo.current.userAgent)],
                                   body: nil, timeoutSeconds: timeout, maxBodyBytes: OpenAPIReader.maxBytes)
            let reply: HTTPReply
            do {
                reply = try await transport.send(spec)
            } catch {
                if case .bodyTooLarge = error {
                    throw OpenAPIError("\(shortName(source)) is larger than \(ByteSize.human(OpenAPIReader.maxBytes)); "
                                       + "an OpenAPI document may be at most that")
                }
                throw OpenAPIError("\(shortName(source)): \(error.description)")
            }
            guard (200..<300).contains(reply.status) else {
                throw OpenAPIError("HTTP \(reply.status) from \(shortName(source)): no OpenAPI document there")
            }
            return (reply.body, reply.url.isEmpty ? source : reply.url)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: source)
        guard let attributes else {
            throw OpenAPIError("\(source): \(FileManager.default.fileExists(atPath: source) ? "cannot be read" : "no such file")")
        }
        if let size = attributes[.size] as? Int, size > OpenAPIReader.maxBytes {
            throw OpenAPIError("\(shortName(source)) is \(ByteSize.human(size)); an OpenAPI document may be at most "
                               + ByteSize.human(OpenAPIReader.maxBytes))
        }
        guard let data = FileManager.default.contents(atPath: source) else { throw OpenAPIError("\(source): cannot be read") }
        return (Array(data), nil)
    }

    /// Checks each endpoint against the server; returns the requests sent.
    func check(_ config: inout OpenAPIConfig, transport: HTTPTransport) async -> Int {
        // The credentials' variables: a check without them when one is unset.
        let missing = config.authVariables.filter { (options.environment[$0] ?? "").isEmpty }
        var checked = config
        if !missing.isEmpty {
            checked.authLines = []
            config.notes.append("checked without credentials: \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not set")
        }
        let loaded: RowboatConfig
        do {
            loaded = try ConfigLoader.parse(checked.yaml(offline: true), file: "import.yaml", environment: options.environment)
        } catch {
            config.notes.append("not checked against the server: the config does not load (\(error)); please report this")
            return 0
        }
        var references: [String: String] = [:]
        for name in config.authVariables { if let v = options.environment[name], !v.isEmpty { references[name] = v } }
        var spent = 0
        var walkedWithout = 0
        defer {
            // Every endpoint walked without the credentials: they are optional.
            if config.authOptional == nil, !config.authLines.isEmpty, walkedWithout == config.endpoints.count, walkedWithout > 0 {
                config.authOptional = "the import walked every endpoint without them"
            }
        }
        for index in config.endpoints.indices {
            let endpoint = config.endpoints[index]
            guard let spec = loaded.endpoint(endpoint.key) else { continue }
            if let empty = endpoint.pathParams.first(where: { $0.value.isEmpty }) {
                config.endpoints[index].notes.append("not checked: the path param {\(empty.name)} has no value")
                continue
            }
            if let empty = endpoint.params.first(where: { $0.value.isEmpty }) {
                config.endpoints[index].notes.append("not checked: the required param \(empty.name) has no value")
                continue
            }
            let left = options.maxTotalRequests - spent
            guard left > 1 else {
                config.endpoints[index].notes.append("not checked: the import's \(options.maxTotalRequests) requests were spent")
                continue
            }
            var request = RequestBuilder(config: loaded, endpoint: spec).request(cursor: PagingPlan(paging: spec.paging).first)
            if let auth = loaded.auth {
                // The credentials go on the first request as the config sends them
                // (an OAuth2 token asked for first); the probe reads them from there.
                var token: String?
                if case .oauth2 = auth {
                    do {
                        Secrets.adopt(loaded)
                        token = try await DataClient(config: loaded, transport: transport).tokens?.token()
                    } catch {
                        config.endpoints[index].notes.append("not checked against the server: \(error.description)")
                        spent += 1
                        continue
                    }
                }
                request = RequestAuthorizer(auth: auth, server: loaded.server).apply(to: request, token: token)
            }
            let run = ProbeRun(transport: transport, options: ProbeRun.Options(maxRequests: min(options.maxRequests, left - 1),
                                                                               timeoutSeconds: options.timeoutSeconds))
            // The credentials, and the headers the endpoint's paging asks for: the walked draft sends them too.
            let own = Set(endpoint.headers.map { $0.0.lowercased() })
            let credentials = request.headers.filter { CredentialNames.isCredential($0.0) || own.contains($0.0.lowercased()) }
            do {
                let outcome = try await run.run(request, headers: credentials, references: references,
                                                preferred: endpoint.documentPaging.style == "none" ? [] : [endpoint.documentPaging],
                                                declared: endpoint.declared)
                spent += outcome.requests
                Self.adopt(outcome, into: &config.endpoints[index])
                if !missing.isEmpty, config.endpoints[index].verified != nil { walkedWithout += 1 }
            } catch {
                spent += 1
                config.endpoints[index].notes.append("not checked against the server: \(error)")
            }
        }
        return spent
    }

    /// Puts what the server answered where the document disagrees.
    static func adopt(_ outcome: ProbeRun.Outcome, into endpoint: inout OpenAPIEndpoint) {
        let live = outcome.analysis
        if live.list.path != endpoint.list.path || live.list.keyed != endpoint.list.keyed
            || live.list.columnNames != endpoint.list.columnNames {
            endpoint.notes.append("the document's list is at \(describe(endpoint.list.path)); the server's is at "
                                  + "\(describe(live.list.path)), which is written")
            endpoint.list = live.list
            endpoint.fields = live.fields
            endpoint.envelope = ProbeDraft.envelopeLines(live.root, list: live.list)
            endpoint.listFromServer = true
        } else {
            if let why = outcome.identifierReplaced, let at = endpoint.fields.fields.firstIndex(where: { $0.name == "id" }),
               let theirs = live.fields.fields.first(where: { $0.name == "id" }) {
                endpoint.notes.append(why)
                endpoint.fields.fields[at] = theirs
            }
            // A field whose values read as another type than the document's (a date in millis, not seconds).
            for i in endpoint.fields.fields.indices {
                let mine = endpoint.fields.fields[i]
                guard let theirs = live.fields.fields.first(where: { $0.path == mine.path }), theirs.type != mine.type,
                      mine.type != .text || theirs.type == .html,
                      // Money is a number the document gave a currency: numbers do not undo it.
                      !(mine.type == .money && [.int, .number].contains(theirs.type)) else { continue }
                endpoint.notes.append("the server's \(mine.path) values read as \(theirs.type.rawValue), not "
                                      + "\(mine.type.rawValue): \(theirs.type.rawValue) is written")
                endpoint.fields.fields[i].type = theirs.type
                endpoint.fields.fields[i].relative = theirs.relative
            }
            for name in ["id", "title"] {
                guard let mine = endpoint.fields.fields.firstIndex(where: { $0.name == name }) else { continue }
                let path = endpoint.fields.fields[mine].path
                let present = JSONPath(path).map { p in live.list.sample.contains { p.lookup(in: $0).map { $0 != .null } ?? false } }
                    ?? true
                guard !present, path != ItemMapping.keyPath else { continue }
                if let theirs = live.fields.fields.first(where: { $0.name == name }) {
                    endpoint.notes.append("the document's \(name) field \(path) is not in the server's items: \(theirs.path) is written")
                    endpoint.fields.fields[mine] = theirs
                } else {
                    endpoint.notes.append("the document's \(name) field \(path) is not in the server's items")
                }
            }
        }
        let document = endpoint.documentPaging
        // The same keys and values are the same paging, in whatever order the guessers wrote them.
        let same = outcome.paging.lines.map { "\($0.key)=\($0.value)" }.sorted() == document.lines.map { "\($0.key)=\($0.value)" }.sorted()
        if same {
            endpoint.verified = outcome.check.walked
            if endpoint.verified == nil, let why = outcome.check.unverified.first {
                endpoint.notes.append("paging not verified: \(why)")
            }
            return
        }
        let dropped = outcome.check.dropped.first { $0.hasPrefix(document.summary + " (") }
        guard outcome.check.walked != nil || dropped != nil else {
            // Nothing the server showed speaks against the document.
            if let why = outcome.check.unverified.first { endpoint.notes.append("paging not verified: \(why)") }
            return
        }
        let reason = dropped.map { String($0.dropFirst(document.summary.count + 2).dropLast()) }
        endpoint.notes.append("the document says paging \(document.summary)" + (reason.map { ", but \($0)" } ?? "")
                              + "; the server's answers say \(outcome.paging.summary), which is written")
        endpoint.paging = outcome.paging
        endpoint.pagingFromServer = true
        endpoint.verified = outcome.check.walked
    }

    static func describe(_ path: JSONPath) -> String {
        path.steps.isEmpty ? "the root" : path.description
    }
}
