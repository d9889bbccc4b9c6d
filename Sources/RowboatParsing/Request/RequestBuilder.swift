import Foundation
import RowboatSpec

/// Builds `RequestSpec`s for an endpoint: dynamic params merged over static
/// params, paging params added, client info sent as headers.
public struct RequestBuilder: Sendable {
    public let config: RowboatConfig
    public let endpoint: Endpoint
    public let clientInfo: ClientInfo

    public init(config: RowboatConfig, endpoint: Endpoint, clientInfo: ClientInfo = .current) {
        self.config = config
        self.endpoint = endpoint
        self.clientInfo = clientInfo
    }

    /// The page number a cursor stands for.
    public func pageNumber(_ cursor: PageCursor) -> Int {
        switch (cursor, endpoint.paging.style) {
        case (.page(let n), _): n
        case (_, .pageNumber(_, let first)): first
        default: 0
        }
    }

    /// The request for `cursor`. Static params, the page size, the paging
    /// param and then `dynamic` params (which win) are merged. A `.url`
    /// cursor is fetched as is with GET: nothing is added to it, and the
    /// config's headers are left out when it points at another origin.
    ///
    /// A POST with a JSON body (`bodyFormat: json` or an endpoint `body:`)
    /// puts `$.`-named values at their body paths, typed: numbers for page,
    /// offset and size, the cursor as text or (cursorFormat json) as its
    /// JSON value. With a `body:` template, plainly named params go in the
    /// URL's query.
    public func request(cursor: PageCursor, params dynamic: [String: ParamValue] = [:]) -> RequestSpec {
        let method = endpoint.method ?? config.communication.method
        let timeoutSeconds = endpoint.timeoutSeconds ?? config.communication.timeoutSeconds
        let jsonBody = method == .post && (endpoint.body != nil || config.communication.bodyFormat == .json)
        var params = endpoint.params
        var placed: [(JSONPath, JSONValue)] = []
        var headerParams: [(String, String)] = []
        /// Sets `name` to `text`, places `value` at its body path, or sends
        /// it as the request header a `header:NAME` param names.
        func set(_ name: String, _ text: ParamValue, _ value: JSONValue) {
            if let header = Self.headerName(name) {
                params[name] = nil
                if case .one(let v) = text { headerParams.append((header, v)) }
            } else if jsonBody, let path = JSONBody.path(name) {
                params[name] = nil
                placed.append((path, value))
            } else {
                params[name] = text
            }
        }
        for (k, v) in endpoint.params.sorted(by: { $0.key < $1.key }) where jsonBody && JSONBody.path(k) != nil {
            set(k, v, JSONBody.value(v))
        }
        let paging = endpoint.paging
        if let sizeParam = paging.sizeParam, let size = paging.size { set(sizeParam, .one(String(size)), .int(Int64(size))) }
        switch (paging.style, cursor) {
        case (.pageNumber(let param, _), _):
            let n = pageNumber(cursor)
            set(param, .one(String(n)), .int(Int64(n)))
        case (.offset(let param), .offset(let n)): set(param, .one(String(n)), .int(Int64(n)))
        case (.offset(let param), _): set(param, .one("0"), .int(0))
        case (.cursor(let param, _), .token(let t)), (.lastID(let param), .token(let t)):
            switch paging.cursorFormat {
            case .json: set(param, .one(t), (try? JSONValue.parse(Data(t.utf8))) ?? .string(t))
            case .text: set(param, .one(t), .string(t))
            case .encoded:
                // Decoded once here, encoded once when the query is written.
                let once = t.removingPercentEncoding ?? t
                set(param, .one(once), .string(once))
            }
        case (.continuation, .token(let t)):
            for (name, value) in URLEncoding.decode(t) { set(name, .one(value), .string(value)) }
        default: break
        }
        for (k, v) in dynamic.sorted(by: { $0.key < $1.key }) { set(k, v, JSONBody.value(v)) }
        // `{name}` in the endpoint's path takes the param `name` (one path segment).
        let path = Self.fillPath(endpoint.url, params: &params)
        let pairs = Self.flatten(params)
        var headers: [(String, String)] = [
            ("Accept", "application/json"),
            ("User-Agent", config.communication.userAgent ?? clientInfo.userAgent),
            ("X-Client-Name", clientInfo.name),
            ("X-Client-Version", clientInfo.version),
            ("X-Client-OS", clientInfo.os),
        ]
        // Endpoint headers override config-wide ones of the same name.
        var custom = config.communication.headers
        for (k, v) in endpoint.headers {
            custom = custom.filter { $0.key.lowercased() != k.lowercased() }
            custom[k] = v
        }
        let customNames = Set(custom.keys.map { $0.lowercased() })
        var url = Self.resolve(path, against: config.server)
        var body: [UInt8]? = nil
        if case .url(let next) = cursor {
            let sameOrigin = URLOrigin(next) != nil && URLOrigin(next) == URLOrigin(url)
            if sameOrigin {
                headers.removeHeaders(lowercased: customNames)
                for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
            }
            return RequestSpec(method: .get, url: next, headers: headers, body: nil, timeoutSeconds: timeoutSeconds,
                               configHeaderNames: sameOrigin ? customNames : [], maxBodyBytes: endpoint.maxBodyBytes,
                               credentialOrigin: URLOrigin(url))
        }
        // Config headers replace the standard ones of the same name (e.g. Accept).
        headers.removeHeaders(lowercased: customNames)
        for (k, v) in custom.sorted(by: { $0.key < $1.key }) { headers.append((k, v)) }
        for (k, v) in headerParams {
            headers.removeHeaders(lowercased: [k.lowercased()])
            headers.append((k, v))
        }
        switch method {
        case .get, .delete:
            if !pairs.isEmpty { url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + URLEncoding.encode(pairs) }
        case .post, .put, .patch:
            if let template = endpoint.body {
                if !pairs.isEmpty { url += (url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + URLEncoding.encode(pairs) }
                headers.append(("Content-Type", "application/json"))
                body = Self.json(template, placing: placed)
            } else {
                switch config.communication.bodyFormat {
                case .form:
                    headers.append(("Content-Type", "application/x-www-form-urlencoded"))
                    body = Array(URLEncoding.encode(pairs).utf8)
                case .json:
                    headers.append(("Content-Type", "application/json"))
                    // Without body paths the body is the flat object it always was.
                    body = placed.isEmpty ? Self.json(params)
                        : Self.json(.object(params.mapValues(JSONBody.value)), placing: placed)
                }
            }
        }
        return RequestSpec(method: method, url: url, headers: headers, body: body, timeoutSeconds: timeoutSeconds,
                           configHeaderNames: customNames, maxBodyBytes: endpoint.maxBodyBytes,
                           credentialOrigin: URLOrigin(url))
    }

    /// The header a param named `header:NAME` is sent as (a paging
    /// position that travels in a request header: Cosmos DB's
    /// `x-ms-continuation`); nil for any other name.
    public static func headerName(_ name: String) -> String? {
        guard name.hasPrefix("header:") else { return nil }
        let header = String(name.dropFirst(7))
        return header.isEmpty ? nil : header
    }

    /// A request action's request: `path` (a path on the server, with its
    /// query) on the endpoint's own origin, with the same headers as the
    /// endpoint's pages (client info, config and endpoint headers) and a
    /// JSON body; credentials may go only to that origin.
    public func action(method: HTTPMethodName, path: String, body: [UInt8]?) -> RequestSpec? {
        guard let origin = URLOrigin(resolvedURL()) else { return nil }
        var page = request(cursor: firstPageCursor)
        page.headers.removeHeaders("content-type")
        if body != nil { page.headers.append(("Content-Type", "application/json")) }
        return RequestSpec(method: method, url: origin.text + path, headers: page.headers, body: body,
                           timeoutSeconds: page.timeoutSeconds, configHeaderNames: page.configHeaderNames,
                           credentialOrigin: origin)
    }

    /// The first page's cursor (only its headers are wanted above).
    var firstPageCursor: PageCursor { PagingPlan(paging: endpoint.paging).first }

    /// `template` with each value placed at its path, in order, as JSON.
    static func json(_ template: JSONValue, placing placed: [(JSONPath, JSONValue)]) -> [UInt8] {
        var body = template
        for (path, value) in placed { JSONBody.place(value, at: path, in: &body) }
        return body.jsonBytes ?? Array("{}".utf8)
    }

    /// `url` with each `{name}` in its path replaced by the param `name`
    /// (taken out of `params`), percent-encoded as one path segment: a `/`,
    /// `?`, `#` or `%` in it is encoded, and `.` or `..` are encoded too, so
    /// no value can change the path's shape. A param that is missing or
    /// empty leaves its `{name}`, encoded (`DataClient` sends no such request:
    /// see `missingPathParams`).
    public static func fillPath(_ url: String, params: inout [String: ParamValue]) -> String {
        guard url.contains("{") else { return url }
        var out = ""
        var rest = url[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if case .one(let value)? = params[name], !value.isEmpty, !name.isEmpty, !rest[..<open].contains("?") {
                out += value == "." || value == ".." ? value.replacingOccurrences(of: ".", with: "%2E") : URLEncoding.encodeComponent(value)
                params[name] = nil
            } else {
                out += "%7B" + URLEncoding.encodeComponent(name) + "%7D"
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The `{name}` path params of the endpoint's url that neither its
    /// params nor `dynamic` give one non-empty value: a request without
    /// them would go out with `{name}` in its path.
    public func missingPathParams(_ dynamic: [String: ParamValue] = [:]) -> [String] {
        Self.pathParamNames(endpoint.url).filter { name in
            // The page number or offset fills its own `{name}` (`/archive/page/{page}.json`).
            if name == pagingPositionParam { return false }
            guard case .one(let value)? = dynamic[name] ?? endpoint.params[name] else { return true }
            return value.isEmpty
        }
    }

    /// The param a page number or offset goes in, which every request sets.
    var pagingPositionParam: String? {
        switch endpoint.paging.style {
        case .pageNumber(let param, _), .offset(let param): param
        default: nil
        }
    }

    /// The names in `{…}` in `url`'s path (OpenAPI-style path params).
    public static func pathParamNames(_ url: String) -> [String] {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return path.split(separator: "{").dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }.filter { !$0.isEmpty }
    }

    /// The endpoint URL resolved against the config's server.
    public func resolvedURL() -> String {
        var none: [String: ParamValue] = [:]
        return Self.resolve(Self.fillPath(endpoint.url, params: &none), against: config.server)
    }

    /// `url` as is when absolute, else appended to `server`.
    public static func resolve(_ url: String, against server: String) -> String {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return url }
        var base = server
        while base.hasSuffix("/") { base.removeLast() }
        return base + (url.hasPrefix("/") ? url : "/" + url)
    }

    /// Params in a stable order, lists as repeated keys.
    static func flatten(_ params: [String: ParamValue]) -> [(String, String)] {
        params.keys.sorted().flatMap { key -> [(String, String)] in
            switch params[key]! {
            case .one(let v): [(key, v)]
            case .many(let vs): vs.map { (key, $0) }
            }
        }
    }

    /// Params as a JSON object (lists as arrays), keys sorted.
    static func json(_ params: [String: ParamValue]) -> [UInt8] {
        var object: [String: Any] = [:]
        for (k, v) in params {
            switch v {
            case .one(let s): object[k] = s
            case .many(let list): object[k] = list
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }
}
