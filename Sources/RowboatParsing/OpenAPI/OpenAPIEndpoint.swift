import Foundation
import RowboatSpec

/// One GET operation whose success response is a list (or a POST one that
/// carries its paging in the request body: a search or filter), as an
/// endpoint of the imported config: its key, title and path; path params (required)
/// and the query params that stay static; filters from query params with
/// enums, a sort section from a sort param, the search param; and the list,
/// fields and paging guessed from a sample of its response schema
/// (`OpenAPISample`) by the probe's own guessers, so a live check can put
/// the server's answers in their place (`adopt`).
public struct OpenAPIEndpoint: Sendable {
    public var key: String
    public var title: String
    /// The path as the document writes it, `{name}` for path params.
    public var path: String
    /// GET, or POST with `body`.
    public var method: HTTPMethodName = .get
    /// A POST's request body for the first page (`OpenAPIRequestBody`).
    public var body: JSONValue?
    /// Every param and body field the operation declares (query names,
    /// `$.` body paths): names the live check's search tries first.
    public var declared: [String] = []
    /// Request headers the operation's paging asks for (a page size).
    public var headers: [(String, String)] = []
    /// The operation may be called without credentials: its security
    /// (or the document's) is absent, empty, or holds the empty requirement `{}`.
    public var anonymous = false
    public var pathParams: [(name: String, value: String)]
    /// Query params sent as they are (required ones, with their default or example).
    public var params: [(name: String, value: String, why: String)]
    public var filters: [Section]
    public var sort: Section?
    public var search: String?
    public var list: ListGuess
    public var fields: FieldGuess
    /// The envelope's success and message lines (`success: code`), when the sample shows them.
    public var envelope: [String]
    /// The paging written: the document's guess, or the server's.
    public var paging: PagingGuess
    /// The document's paging guess (walked first by a live check).
    public let documentPaging: PagingGuess
    /// What a live check verified (nil: not checked).
    public var verified: String?
    /// The list (and its fields) or the paging were taken from the server's answers.
    public var listFromServer = false
    public var pagingFromServer = false
    /// Comments over the endpoint: what could not be mapped, where the server won.
    public var notes: [String]
    /// The synthetic first request URL (its paging params).
    let requestURL: String

    /// A filter or sort section: param and options (`nil` value: "any").
    public struct Section: Sendable, Equatable {
        public var title: String
        public var param: String
        public var options: [(title: String, value: String?)]

        public static func == (a: Section, b: Section) -> Bool {
            a.title == b.title && a.param == b.param
                && a.options.map { "\($0.title)=\($0.value ?? "")" } == b.options.map { "\($0.title)=\($0.value ?? "")" }
        }
    }

    static let sortParams = ["sort", "sort_by", "sortby", "order_by", "orderby", "ordering", "order", "sortorder", "sort_order"]
    static let searchParams = ["q", "query", "search", "keyword", "keywords", "term", "text", "filter[q]"]
    /// Filter sections are written for at most this many enum params.
    static let maxFilters = 8
    static let maxOptions = 40

    /// The endpoint for `operation`, or why it is not a list (one line).
    static func make(_ operation: OpenAPIDocument.Operation, in document: OpenAPIDocument, origin: String,
                     key: String, basePath: String = "") -> Result<OpenAPIEndpoint, OpenAPIError> {
        let op = operation.node
        var notes: [String] = []
        guard let response = successResponse(op, in: document, notes: &notes) else {
            return .failure(OpenAPIError("\(operation.label): no success response with a JSON schema"))
        }
        var sampler = OpenAPISample(document: document, origin: origin, path: operation.path)
        let root = sampler.value(response.schema, name: "response", index: 1, depth: 0)
        notes += sampler.problems
        guard let body = root.jsonBytes else { return .failure(OpenAPIError("\(operation.label): its schema gives no sample")) }
        let requestBody = operation.method == .post ? OpenAPIRequestBody.read(operation, in: document) : nil

        // The query: paging params with the values a first page sends; the rest sorted out below.
        var query: [URLQueryItem] = []
        var params: [(name: String, value: String, why: String)] = []
        var pathParams: [(name: String, value: String)] = []
        var filters: [Section] = []
        var sort: Section?
        var search: String?
        var pagePathParam: (name: String, first: String)?
        var headers: [(String, String)] = []
        var declaredHeaders: [String] = []
        for p in operation.parameters {
            guard let name = p["name"]?.string, !name.isEmpty else { continue }
            let place = p["in"]?.string ?? "query"
            // A `$.` name is a body path to Rowboat: such a param cannot be sent in a GET's URL.
            guard !JSONBody.isBodyPathName(name) else {
                notes.append("the \(place) param \(name) is not written: a name starting $. is a body path to Rowboat")
                continue
            }
            let schema = OpenAPISchema.read(p["schema"] ?? .object(p), in: document)
            let given = (p["example"] ?? schema.example ?? schema.defaultValue).flatMap(\.text)
            let lower = name.lowercased()
            // (A date or a free text under a paging name is a filter: `from`, `since`.)
            let dated = ["date", "date-time", "time"].contains(schema.format ?? "")
            var role = dated ? nil : PagingNames.role(of: name)
            // An offset's name given as text is a token (Matrix's `from`).
            if role == .offset, schema.type == "string" { role = .cursor }
            switch place {
            case "path" where role == .page:
                // The page number is a path segment: the first page's number in the path, paging fills it.
                pagePathParam = (name, schema.minimum == "0" || given == "0" ? "0" : "1")
                continue
            case "path":
                pathParams.append((name, given ?? ""))
                continue
            case "query":
                break
            case "header" where role == .size && OpenAPIEndpoint.isHeaderName(name):
                // A page size asked for in a request header (Cosmos DB's x-ms-max-item-count).
                var size = Int(given ?? "") ?? 20
                if let max = schema.maximum.flatMap({ Int(Double($0) ?? 0) }), max > 0 { size = min(size, max) }
                headers.append((name, String(max(1, size))))
                continue
            case "header" where role == .cursor && OpenAPIEndpoint.isHeaderName(name):
                declaredHeaders.append("header:" + name)
                continue
            default:
                if p["required"]?.bool == true, place == "header" {
                    notes.append("the header \(name) is required; add it under headers:")
                }
                continue
            }
            let enumSchema = schema.enumValues.isEmpty ? OpenAPISchema.read(schema.items ?? .null, in: document) : schema
            let enumValues = enumSchema.enumValues.compactMap(\.text)
            // What the document calls each value: the schema's words first, then the param's own extensions.
            var enumTitles = enumSchema.enumTitles
            for (value, titles) in OpenAPISchema.enumTitles(of: p, values: enumSchema.enumValues) {
                enumTitles[value, default: []] += titles
            }
            let defaultValue = (schema.defaultValue ?? p["default"])?.text
            if role == .page {
                query.append(URLQueryItem(name: name, value: schema.minimum == "0" || given == "0" ? "0" : "1"))
            } else if role == .size {
                var size = Int(given ?? "") ?? 20
                if let max = schema.maximum.flatMap({ Int(Double($0) ?? 0) }), max > 0 { size = min(size, max) }
                query.append(URLQueryItem(name: name, value: String(max(1, size))))
            } else if role == .offset {
                query.append(URLQueryItem(name: name, value: "0"))
            } else if role == .cursor {
                // Not sent on the first page: the search knows the name (`declared`).
                continue
            } else if sort == nil, sortParams.contains(lower) || lower.hasSuffix("sort") {
                if enumValues.isEmpty {
                    notes.append("the sort param \(name) lists no values: add a sort section with its options")
                } else {
                    sort = Section(title: "Sort", param: name,
                                   options: Self.options(enumValues, titles: enumTitles, defaultValue: defaultValue,
                                                         none: "Default", sort: true))
                }
            } else if search == nil, searchParams.contains(lower), enumValues.isEmpty {
                search = name
            } else if !enumValues.isEmpty, filters.count < maxFilters, schema.type != "boolean" {
                let title = ProbeDraft.columnTitle(name)
                filters.append(Section(title: title, param: name,
                                       options: Self.options(enumValues, titles: enumTitles, defaultValue: defaultValue,
                                                             none: "Any", sort: false)))
            } else if p["required"]?.bool == true {
                params.append((name, given ?? "", given == nil ? "required: give it here or with --param \(name)=…" : "required"))
            }
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "{}%;")
        var firstPath = operation.path
        if let page = pagePathParam { firstPath = firstPath.replacingOccurrences(of: "{\(page.name)}", with: page.first) }
        let encodedPath = (basePath + firstPath).addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
        var components = URLComponents()
        components.queryItems = query.isEmpty ? nil : query
        let url = origin + (encodedPath.hasPrefix("/") ? "" : "/") + encodedPath + (components.string ?? "")
        var input = ProbeInput(method: operation.method, url: url, headers: headers, body: requestBody?.sample.jsonBytes, status: 200,
                               responseHeaders: [("Content-Type", "application/json")] + response.headers(&sampler, origin: origin,
                                                                                                          path: operation.path),
                               responseBody: body)
        let declared = operation.parameters.filter { ($0["in"]?.string ?? "query") == "query" }.compactMap { $0["name"]?.string }
            + declaredHeaders + (requestBody?.declared ?? [])
        input.declared = declared
        let analysis: ProbeAnalysis
        do {
            analysis = try ProbeAnalysis(input)
        } catch {
            // A schema that could not be read says why; else what the response is.
            let why = notes.first ?? Self.shapeOf(root)
            return .failure(OpenAPIError("\(operation.label): its response is not a list of objects (\(why))"))
        }
        if operation.method == .post, requestBody?.paging.isEmpty ?? true {
            return .failure(OpenAPIError("\(operation.label): its request body has no page, offset, size or cursor field "
                                         + "(a write, or a search that does not page)"))
        }
        let title = op["summary"]?.string.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? op["operationId"]?.string ?? operation.path
        var endpoint = OpenAPIEndpoint(key: key, title: title, path: operation.path, pathParams: pathParams, params: params,
                                       filters: filters, sort: sort, search: search, list: analysis.list,
                                       fields: analysis.fields, envelope: ProbeDraft.envelopeLines(analysis.root, list: analysis.list),
                                       paging: analysis.likeliest, documentPaging: analysis.likeliest, verified: nil, notes: notes,
                                       requestURL: url)
        if let item = itemSchema(response.schema, list: analysis.list, in: document) {
            endpoint.fields = currencies(endpoint.fields, item: item, in: document, notes: &endpoint.notes)
        }
        endpoint.method = operation.method
        endpoint.body = requestBody?.sample
        endpoint.declared = declared
        endpoint.headers = headers
        let security = op["security"]?.array ?? document.root["security"]?.array ?? []
        endpoint.anonymous = security.isEmpty || security.contains { $0.object?.isEmpty == true }
        return .success(endpoint)
    }

    /// The schema of the list's items: the response schema followed along
    /// the list's path to the array, then its `items` (nil for a keyed list,
    /// rows of cells, or a path the schema does not have).
    static func itemSchema(_ root: OpenAPINode, list: ListGuess, in document: OpenAPIDocument) -> OpenAPINode? {
        guard !list.keyed, list.columnNames == nil, !list.scalars else { return nil }
        var node = root
        for step in list.path.steps {
            let schema = OpenAPISchema.read(node, in: document)
            switch step {
            case .key(let key):
                guard let next = schema.properties.first(where: { $0.name == key })?.schema else { return nil }
                node = next
            case .index, .wildcard:
                guard let items = schema.items else { return nil }
                node = items
            }
        }
        return OpenAPISchema.read(node, in: document).items
    }

    /// The guessers' comments speak of "this response": for what a sample
    /// of the schema gave, they say what the document says.
    static func documentWords(_ line: String) -> String {
        guard let hash = line.range(of: " # ") else { return line }
        var out = line
        for (pattern, replacement) in documentPhrases {
            let range = NSRange(hash.lowerBound..<out.endIndex, in: out)
            out = pattern.stringByReplacingMatches(in: out, range: range, withTemplate: replacement)
        }
        return out
    }

    /// Each comment phrase of the guessers, and what it says for a document.
    static let documentPhrases: [(NSRegularExpression, String)] = [
        (#"# -?[0-9.]+ in this response$"#, "# in the response schema"),
        (#"# an array of [0-9]+ objects \(the largest\)$"#, "# the array of objects in the response schema"),
        (#"# [0-9]+ objects over nested lists$"#, "# the arrays of objects in the response schema"),
        (#"# unique in all [0-9]+ sampled$"#, "# an id-like name"),
        (#"# no id field; unique in all [0-9]+ sampled$"#, "# no id-like field: this one"),
        (#"# (.*) here means success$"#, "# $1 (the schema's example) means success"),
        (#"# the request URL has [^=]+=.*$"#, "# the operation's page, offset or cursor param"),
        (#"# from the request URL$"#, "# the operation's size param (its default or 20)"),
        (#"# date-(seconds|millis|iso8601) values$"#, "# a date-$1 by its name and format"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    static func shapeOf(_ root: JSONValue) -> String {
        switch root {
        case .array: "an array of values that are not objects"
        case .object: "one object without an array of objects"
        default: root.kindName
        }
    }

    /// The success response's schema and declared headers.
    struct Response {
        var schema: OpenAPINode
        var headerSchemas: [(name: String, schema: OpenAPINode)]

        /// Sample values for the headers the probe's guessers read.
        func headers(_ sampler: inout OpenAPISample, origin: String, path: String) -> [(String, String)] {
            var out: [(String, String)] = []
            for (name, schema) in headerSchemas {
                let lower = name.lowercased()
                if lower == "link" {
                    out.append((name, "<\(origin)\(path)?page=2>; rel=\"next\""))
                } else if PagingGuess.totalCountHeaders.contains(lower) {
                    out.append((name, "100"))
                } else if PagingGuess.totalPagesHeaders.contains(lower) {
                    out.append((name, "5"))
                } else if lower.contains("next") {
                    out.append((name, "\(origin)\(path)?page=2"))
                } else {
                    let value = sampler.value(schema, name: name, index: 1, depth: 0)
                    if case .object = value, let text = value.jsonBytes { out.append((name, String(decoding: text, as: UTF8.self))) }
                }
            }
            return out
        }
    }

    /// The first 2xx (or `default`) response with a JSON schema.
    static func successResponse(_ op: OpenAPIObject, in document: OpenAPIDocument, notes: inout [String]) -> Response? {
        guard let responses = op["responses"]?.object else { return nil }
        let codes = responses.keys.filter { $0.hasPrefix("2") }.sorted() + (responses["default"] != nil ? ["default"] : [])
        for code in codes {
            let resolved = document.resolve(responses[code]!)
            if let problem = resolved.problem { notes.append(problem) }
            guard let response = resolved.node?.object else { continue }
            var schema: OpenAPINode?
            if let content = response["content"]?.object {
                let types = content.keys
                let json = types.first { $0.lowercased().hasPrefix("application/json") }
                    ?? types.first { $0.lowercased().contains("json") } ?? types.first { $0 == "*/*" }
                schema = json.flatMap { content[$0]?["schema"] }
            } else {
                schema = response["schema"]
            }
            guard let schema else { continue }
            var headers: [(String, OpenAPINode)] = []
            for (name, header) in response["headers"]?.object?.ordered ?? [] {
                // Only a name HTTP allows (a config names it again).
                guard Self.isHeaderName(name) else {
                    notes.append("the response header \(name) is not a header name HTTP allows (not read)")
                    continue
                }
                let h = document.resolve(header).node
                headers.append((name, h?["schema"] ?? h ?? .null))
            }
            return Response(schema: schema, headerSchemas: headers)
        }
        return nil
    }

    /// True for a name HTTP allows a header: printable ASCII without spaces or colons.
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }
    }

    /// The names the paging lines send (left out of the static params).
    var pagingParamNames: Set<String> {
        var out = Set<String>()
        for key in ["param", "sizeParam", "offsetParam", "cursorParam"] {
            if let text = paging.text(key) { out.insert(text) }
        }
        if paging.style == "page", paging.value("param") == nil { out.insert("page") }
        return out
    }
}
