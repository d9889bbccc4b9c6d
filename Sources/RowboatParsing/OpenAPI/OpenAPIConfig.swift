import Foundation
import RowboatSpec

/// A config made from an OpenAPI document: the server (the document's, or
/// the origin it was read from when its `servers` is missing, empty or
/// relative, or `--server`), an `auth` section from its security schemes
/// reading `${ENV}` variables, and one endpoint for each GET operation (or
/// POST one with paging fields in its request body)
/// whose success response is a list (`OpenAPIEndpoint`), in document
/// order, as tabs. What it cannot map is a comment; `yaml` writes it.
public struct OpenAPIConfig: Sendable {
    public var server: String
    public var serverNote: String?
    /// False when the document's server is one the import does not contact
    /// unless the user names it (`ReservedAddress`): nothing is checked.
    public var serverContacted = true
    /// The `auth:` section, and the variables it reads.
    public var authLines: [String] = []
    public var authVariables: [String] = []
    /// Why the credentials may be left unset (the document lets every
    /// operation go without them, or the check walked them without): the
    /// `auth:` section is then `optional: true`. Nil: they are needed.
    public var authOptional: String?
    public var authNotes: [String] = []
    public var endpoints: [OpenAPIEndpoint] = []
    /// Operations not imported, one line each.
    public var skipped: [String] = []
    public var notes: [String] = []
    public let source: String
    public let title: String?
    public let version: OpenAPIDocument.Version

    /// At most this many endpoints are written (a config past the loader's
    /// bounds would not load).
    public static let maxEndpoints = 200

    /// The config for `document` (read from `source`, a file or the URL
    /// `documentURL`); `server` replaces the document's.
    public static func make(_ document: OpenAPIDocument, source: String, documentURL: String? = nil,
                            server override: String? = nil) -> OpenAPIConfig {
        var serverNote: String?
        let origin = documentURL.flatMap(originText)
        var server: String
        var contacted = true
        if let override {
            server = override
        } else if let named = document.serverURL, let reserved = ReservedAddress.reason(named) {
            server = "http://127.0.0.1:8080"
            contacted = false
            serverNote = "the document's server \(Sanitizer.clean(named, limit: 200)) is \(reserved): not contacted nor written; "
                + "if you mean it, import with --server \(Sanitizer.clean(named, limit: 200))"
        } else if let named = document.serverURL, named.hasPrefix("http://") || named.hasPrefix("https://") {
            server = named
        } else if let named = document.serverURL, let origin {
            server = origin + (named.hasPrefix("/") ? named : "/" + named)
            serverNote = "the document's server \(named) is relative: taken from \(origin), where the document was read"
        } else if let origin {
            server = origin
            serverNote = "the document names no server: \(origin), where it was read"
        } else {
            server = "http://127.0.0.1:8080"
            serverNote = "the document names no server (nor a usable one): set yours here, or import with --server URL"
        }
        while server.hasSuffix("/") { server.removeLast() }
        var config = OpenAPIConfig(server: server, serverNote: serverNote, source: source, title: document.title,
                                   version: document.version)
        config.serverContacted = contacted
        config.readAuth(document)
        let (operations, more) = document.operations()
        let base = originText(server) ?? "http://127.0.0.1:8080"
        // The server's own path (`/v1`), put before each operation's path.
        let basePath = URLOrigin(server) == nil ? "" : URLComponents(string: server)?.path ?? ""
        var keys = Set<String>()
        for operation in operations {
            guard config.endpoints.count < maxEndpoints else {
                config.skipped.append("\(operation.label): past the \(maxEndpoints) endpoints a config takes")
                continue
            }
            let key = uniqueKey(for: operation, taken: &keys)
            switch OpenAPIEndpoint.make(operation, in: document, origin: base, key: key, basePath: basePath) {
            case .success(let endpoint): config.endpoints.append(endpoint)
            case .failure(let why):
                keys.remove(key)
                config.skipped.append(why.description)
            }
        }
        if !config.endpoints.isEmpty, config.endpoints.allSatisfy(\.anonymous) {
            config.authOptional = "the document lets every operation imported go without credentials"
        }
        if more > 0 { config.notes.append("\(more) more GET or POST operations past the first \(OpenAPIDocument.maxOperations) were not read") }
        if operations.isEmpty { config.notes.append("the document has no GET or POST operations") }
        for path in document.notPaths() {
            config.skipped.append("\(path): not a path (an OpenAPI path begins with /)")
        }
        for label in document.unsendable() {
            config.skipped.append("\(label): Rowboat sends GET and POST only (import it by hand as a POST if the server takes one)")
        }
        return config
    }

    /// `scheme://host[:port]` of an http(s) URL (the port only when not the scheme's own).
    static func originText(_ url: String) -> String? {
        URLOrigin(url)?.text
    }

    /// A key from the path's last named segment (`/v1/pets` → `pets`), made unique.
    static func uniqueKey(for operation: OpenAPIDocument.Operation, taken: inout Set<String>) -> String {
        let path = operation.path.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        var base = ProbeDraft.endpointKey(path)
        if !path.contains(where: \.isLetter), let id = operation.node["operationId"]?.string {
            let cleaned = String(id.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            if let first = cleaned.first, first.isLetter { base = cleaned }
        }
        var key = base
        var n = 2
        while taken.contains(key) { key = "\(base)_\(n)"; n += 1 }
        taken.insert(key)
        return key
    }

    /// The `auth:` section from the first security scheme that the
    /// document's `security` asks for (else the first defined) and Rowboat
    /// can send; the others are named in a comment.
    mutating func readAuth(_ document: OpenAPIDocument) {
        let schemes = (document.root["components"]?["securitySchemes"] ?? document.root["securityDefinitions"])?.object
        guard let schemes, !schemes.isEmpty else { return }
        let wanted = (document.root["security"]?.array ?? []).compactMap { $0.object?.keys.first }
        let order = wanted.filter { schemes[$0] != nil } + schemes.keys.filter { !wanted.contains($0) }
        for name in order {
            guard let scheme = document.resolve(schemes[name]!).node?.object else { continue }
            let type = scheme["type"]?.string?.lowercased() ?? ""
            let httpScheme = scheme["scheme"]?.string?.lowercased() ?? ""
            var lines: [String] = []
            if type == "http", httpScheme == "bearer" || type == "openidconnect" {
                lines = ["auth:", "  type: bearer", "  token: \"${API_TOKEN}\""]
                authVariables = ["API_TOKEN"]
            } else if type == "basic" || (type == "http" && httpScheme == "basic") {
                lines = ["auth:", "  type: basic", "  username: \"${API_USER}\"", "  password: \"${API_PASSWORD}\""]
                authVariables = ["API_USER", "API_PASSWORD"]
            } else if type == "apikey", let key = scheme["name"]?.string, !key.isEmpty {
                let place = scheme["in"]?.string ?? "header"
                guard place == "header" || place == "query" else {
                    authNotes.append("the security scheme \(name) sends its key in a \(place): add it under headers: yourself")
                    continue
                }
                let sendable = place == "header" ? OpenAPIEndpoint.isHeaderName(key)
                    : !key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
                guard sendable else {
                    authNotes.append("the security scheme \(name)'s key name cannot be sent in a \(place)")
                    continue
                }
                lines = ["auth:", "  type: apiKey", "  in: \(place)", "  name: \(YAMLScalar.value(key))", "  value: \"${API_KEY}\""]
                authVariables = ["API_KEY"]
            } else if type == "oauth2" {
                let flows = scheme["flows"]?.object
                var tokenURL = flows?["clientCredentials"]?["tokenUrl"]?.string
                    ?? (scheme["flow"]?.string == "application" ? scheme["tokenUrl"]?.string : nil)
                // A token URL relative to the server is a path on it; anything else cannot be asked.
                if let url = tokenURL, URLOrigin(url) == nil, !url.hasPrefix("/") {
                    let path = "/" + url
                    tokenURL = url.contains(":") || url.contains(" ") || url.isEmpty || path.hasPrefix("//") ? nil : path
                    if tokenURL == nil {
                        authNotes.append("the security scheme \(name)'s tokenUrl \(url) is not a URL")
                    }
                }
                if let tokenURL {
                    lines = ["auth:", "  type: oauth2", "  tokenURL: \(YAMLScalar.value(tokenURL))",
                             "  clientId: \"${API_CLIENT_ID}\"", "  clientSecret: \"${API_CLIENT_SECRET}\""]
                    authVariables = ["API_CLIENT_ID", "API_CLIENT_SECRET"]
                } else {
                    authNotes.append("the security scheme \(name) is OAuth2 without client credentials: "
                                     + "get a token yourself and set API_TOKEN")
                    lines = ["auth:", "  type: bearer", "  token: \"${API_TOKEN}\""]
                    authVariables = ["API_TOKEN"]
                }
            } else {
                authNotes.append("the security scheme \(name) (\(type)\(httpScheme.isEmpty ? "" : " \(httpScheme)")) is not one auth: sends")
                continue
            }
            authLines = lines
            for other in order where other != name { authNotes.append("the security scheme \(other) is not written (auth: takes one)") }
            return
        }
    }

    /// The config as commented YAML; `offline` says no server was asked.
    public func yaml(offline: Bool) -> String {
        var out = [
            "# Rowboat config imported by `rowboat config import` from \(source)",
            "# (\(versionText)\(title.map { ", \"\($0)\"" } ?? "")): one endpoint per GET (or paging POST) operation whose success response is a list.",
            !serverContacted ? "# Not checked: no server was asked (see the server's line); from what the document says alone."
                : offline ? "# Offline: from what the document says alone; paging is not checked against the server."
                : "# Each endpoint was checked against the server; where the two disagreed the server's answer is written.",
            "#   rowboat config check FILE && rowboat --config FILE",
        ]
        for note in notes { out.append("# \(note).") }
        for line in skipped { out.append("# Not imported: \(line).") }
        out.append("")
        if let serverNote { out.append("# \(serverNote).") }
        out.append("server: \(YAMLScalar.value(server))")
        out.append("")
        let variables = authVariables.joined(separator: ", ")
        if !authLines.isEmpty, let why = authOptional {
            out.append("# Credentials are optional (\(why)): set \(variables) to send them; unset, none are sent.")
        } else if !authLines.isEmpty {
            out.append("# Set \(variables) in the environment before you use this file.")
        }
        for note in authNotes { out.append("# \(note).") }
        if !authLines.isEmpty { out += authLines + (authOptional == nil ? [] : ["  optional: true"]) + [""] }
        else if !authNotes.isEmpty { out.append("") }
        guard !endpoints.isEmpty else {
            out.append("# No GET or POST operation's success response is a list: nothing to browse.")
            out.append("interfaces: {}")
            return out.map { $0.hasPrefix("#") ? Sanitizer.clean($0, limit: 500) : $0 }.joined(separator: "\n") + "\n"
        }
        out.append("interfaces:")
        for endpoint in endpoints { out += Self.lines(endpoint) }
        out.append("")
        out.append("tabs: [" + endpoints.map { YAMLScalar.value($0.key) }.joined(separator: ", ") + "]")
        return out.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") ? Sanitizer.clean($0, limit: 500) : $0 }
            .joined(separator: "\n") + "\n"
    }

    var versionText: String {
        switch version {
        case .swagger2: "Swagger 2.0"
        case .openAPI3(let minor): "OpenAPI 3.\(minor)"
        }
    }

    /// One endpoint's lines under `interfaces:`.
    static func lines(_ e: OpenAPIEndpoint) -> [String] {
        let method = e.method.rawValue
        var out = ["  # \(e.title == e.path ? "\(method) \(e.path)" : "\(method) \(e.path): \(e.title)")"]
        for note in e.notes { out.append("  # \(note)") }
        out.append("  \(YAMLScalar.key(e.key)):")
        out.append("    title: \(YAMLScalar.value(Sanitizer.clean(e.title, limit: 60)))")
        if let template = e.paging.url {
            out.append(ProbeDraft.commented("    url: \(YAMLScalar.value(template))", "the page number is part of the path"))
        } else {
            out.append("    url: \(YAMLScalar.value(e.path))")
        }
        if let body = e.body, e.method == .post {
            out.append("    method: POST")
            out.append("    body:                      # the request body of the first page; paging fills its paging fields")
            out += ProbeDraft.bodyLines(body)
        }
        let paging = e.pagingParamNames
        let statics = e.params.filter { !paging.contains($0.name) }
        if !e.pathParams.isEmpty || !statics.isEmpty {
            out.append("    params:")
            for p in e.pathParams {
                out.append(ProbeDraft.commented("      \(YAMLScalar.key(p.name)): \(YAMLScalar.value(p.value))",
                                                "path param {\(p.name)} (required): here or --param \(p.name)=…"))
            }
            for p in statics {
                out.append(ProbeDraft.commented("      \(YAMLScalar.key(p.name)): \(YAMLScalar.value(p.value))", p.why))
            }
        }
        let how = e.verified.map { "verified: " + $0 } ?? (e.paging.style == "none" ? "" : "from the document, not checked")
        out.append(ProbeDraft.commented("    paging:", how))
        for line in e.paging.lines {
            let text = ProbeDraft.commented("      \(line.key): \(line.value)", line.why)
            out.append(e.pagingFromServer ? text : OpenAPIEndpoint.documentWords(text))
        }
        if !e.headers.isEmpty {
            out.append("    headers:")
            for (name, value) in e.headers {
                out.append(ProbeDraft.commented("      \(YAMLScalar.key(name)): \(YAMLScalar.value(value))", "the page size header"))
            }
        }
        let mapping = ProbeDraft.mappingLines(list: e.list, fields: e.fields, envelope: e.envelope, ndjson: false)
        out += e.listFromServer ? mapping : mapping.map(OpenAPIEndpoint.documentWords)
        if !e.filters.isEmpty {
            out.append("    filters:")
            for f in e.filters { out += sectionLines(f, indent: "      - ", rest: "        ", named: true) }
        }
        if let sort = e.sort {
            out.append("    sort:")
            out += sectionLines(sort, indent: "      ", rest: "      ", named: false)
        }
        if let search = e.search { out.append("    search: \(YAMLScalar.value(search))") }
        return out
    }

    static func sectionLines(_ s: OpenAPIEndpoint.Section, indent: String, rest: String, named: Bool) -> [String] {
        var out: [String] = []
        if named {
            out.append(indent + "title: \(YAMLScalar.value(Sanitizer.clean(s.title, limit: 60)))")
            out.append(rest + "param: \(YAMLScalar.value(s.param))")
        } else {
            out.append(indent + "param: \(YAMLScalar.value(s.param))")
        }
        out.append(rest + "options:")
        var seen = Set<String>()
        for option in s.options where seen.insert(option.value ?? "\u{0}any").inserted {
            let title = YAMLScalar.value(Sanitizer.clean(option.title, limit: 60))
            out.append(rest + "  - {title: \(title)" + (option.value.map { ", value: \(YAMLScalar.value($0))" } ?? "") + "}")
        }
        return out
    }
}
