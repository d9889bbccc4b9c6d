import Yams
import RowboatJQ
import RowboatSpec

/// Reads a Rowboat config from YAML (or JSON, which YAML accepts) text.
/// Every failure is a `ConfigError` naming file:line:column and the key.
public enum ConfigLoader {
    static let rootKeys = ["server", "communication", "localCache", "interfaces", "keys", "theme", "auth", "images", "tabs",
                           "actions", "notifications"]
    static let communicationKeys = ["method", "bodyFormat", "timeout", "headers", "userAgent", "maxBodyBytes"]
    static let localCacheKeys = ["enabled", "path", "expire", "maxSize", "keepStale"]
    static let endpointKeys = ["url", "method", "params", "headers", "paging", "response", "item", "columns", "mode",
                                "filters", "sort", "search", "body", "title", "related", "maxBodyBytes", "timeout",
                                "actions", "refresh", "stream", "notify",
                                "views"]
    static let responseKeys = ["list", "success", "successValues", "message", "format", "keyed", "columnNames"]
    static let fieldKeys = ["path", "jq", "type", "default", "relative", "relativeDays", "currency"]
    static let columnKeys = ["field", "title", "width", "weight", "min", "align"]

    /// Parses `text`, read from `file`; `${NAME}` values come from `environment`.
    public static func parse(_ text: String, file: String, environment: [String: String] = [:]) throws(ConfigError) -> RowboatConfig {
        try ConfigExpansion.check(text, file: file)
        let root: Node
        do {
            // The basic resolver: no regular expression runs on every key and
            // value; the few values that keep YAML's types are typed when read
            // (`ConfigNode.tagName(of:)`).
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw ConfigError(file: file, line: nil, column: nil, keyPath: "", message: "the file is empty")
            }
            root = node
        } catch let e as ConfigError {
            throw e
        } catch let e as YamlError {
            throw yamlError(e, file: file)
        } catch {
            throw ConfigError(file: file, line: nil, column: nil, keyPath: "", message: "\(error)")
        }
        let top = ConfigNode(node: root, path: "", file: file, environment: environment)
        let keys = try top.mapping(allowed: rootKeys)
        guard let serverNode = keys["server"] else { throw top.error("missing required key \"server\"") }
        let server = try serverNode.string()
        guard server.hasPrefix("http://") || server.hasPrefix("https://") else {
            throw serverNode.error("server must start with http:// or https://")
        }
        let communication = try keys["communication"].map(parseCommunication) ?? Communication()
        let localCache = try keys["localCache"].map(parseLocalCache) ?? LocalCacheSettings()
        guard let interfaces = keys["interfaces"] else { throw top.error("missing required key \"interfaces\"") }
        var endpoints: [Endpoint] = []
        for (key, node) in try interfaces.entries() {
            endpoints.append(try parseEndpoint(key: key, node, communication: communication))
        }
        guard !endpoints.isEmpty else { throw interfaces.error("declare at least one endpoint") }
        try checkRelated(interfaces, endpoints: endpoints)
        var config = RowboatConfig(source: file, server: server, communication: communication, localCache: localCache,
                                   endpoints: endpoints,
                                   keys: try keys["keys"].map(parseKeys) ?? KeyBindingsConfig(),
                                   theme: try keys["theme"].map(parseTheme) ?? ThemeSettings())
        config.auth = try keys["auth"].flatMap(parseAuth)
        config.images = try keys["images"].map(parseImages) ?? ImageSettings()
        config.notifications = try keys["notifications"].map(parseNotifications) ?? NotifySettings()
        // Actions for every endpoint: a field is checked against what any of them maps.
        config.actions = try keys["actions"].map { n throws(ConfigError) in
            try parseActions(n, fields: Array(Set(endpoints.flatMap { $0.item.fields.map(\.name) })).sorted())
        } ?? []
        // What templates hand on to programs and servers is read from
        // hidden fields that keep the server's text exactly.
        for i in config.endpoints.indices {
            let endpoint = config.endpoints[i]
            let names = config.actions(of: endpoint).flatMap(\.itemFields) + (endpoint.related?.itemFields ?? [])
            config.endpoints[i].item = ActionFields.adding(names, to: endpoint.item)
        }
        config.tabs = try keys["tabs"].map { node throws(ConfigError) in try parseTabs(node, endpoints: endpoints) }
        config.secrets = SecretValues(ConfigSecrets.of(config, root: top), variables: ConfigSecrets.variables(top))
        return config
    }

    static func yamlError(_ e: YamlError, file: String) -> ConfigError {
        switch e {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ConfigError(file: file, line: mark.line, column: mark.column, keyPath: "", message: "YAML syntax: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // At the first of them (a key is text: `true:` and `"true":` are one key).
            return ConfigError(file: file, line: context.mark.line, column: context.mark.column, keyPath: "",
                               message: "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return ConfigError(file: file, line: nil, column: nil, keyPath: "", message: "YAML: \(e)")
        }
    }

    static func parseCommunication(_ node: ConfigNode) throws(ConfigError) -> Communication {
        let keys = try node.mapping(allowed: communicationKeys)
        var c = Communication()
        if let m = keys["method"] { c.method = try m.readingMethod() }
        if let f = keys["bodyFormat"] { c.bodyFormat = try f.oneOf(BodyFormat.self) }
        if let m = keys["maxBodyBytes"] {
            c.maxBodyBytes = try m.int()
            guard c.maxBodyBytes > 0 else { throw m.error("maxBodyBytes must be more than 0") }
        }
        if let t = keys["timeout"] {
            c.timeoutSeconds = try t.double()
            guard c.timeoutSeconds > 0 else { throw t.error("timeout must be more than 0 seconds") }
        }
        if let h = keys["headers"] { c.headers = try headerMap(h) }
        if let u = keys["userAgent"] { c.userAgent = try u.string() }
        return c
    }

    static func parseLocalCache(_ node: ConfigNode) throws(ConfigError) -> LocalCacheSettings {
        let keys = try node.mapping(allowed: localCacheKeys)
        var settings = LocalCacheSettings()
        if let e = keys["enabled"] { settings.enabled = try e.bool() }
        if let p = keys["path"] { settings.path = try p.string() }
        if let e = keys["expire"] {
            settings.expireSeconds = try e.double()
            guard settings.expireSeconds >= 0 else { throw e.error("expire must be 0 or more seconds") }
        }
        if let m = keys["maxSize"] { settings.maxBytes = try ByteSize.parse(m) }
        if let k = keys["keepStale"] {
            settings.keepStaleSeconds = try k.double()
            guard settings.keepStaleSeconds >= 0 else { throw k.error("keepStale must be 0 or more seconds") }
        }
        return settings
    }

    static func stringMap(_ node: ConfigNode) throws(ConfigError) -> [String: String] {
        var out: [String: String] = [:]
        for (k, v) in try node.entries() { out[k] = try v.string() }
        return out
    }

    /// A `headers:` map: names and values that cannot split a request.
    static func headerMap(_ node: ConfigNode) throws(ConfigError) -> [String: String] {
        var out: [String: String] = [:]
        for (k, v) in try node.entries() {
            guard !k.isEmpty, k.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }) else {
                throw v.error("a header name is printable ASCII without spaces or colons")
            }
            out[k] = try v.headerSafeString()
        }
        return out
    }

    /// A response header's name: printable ASCII without spaces or colons.
    static func headerName(_ node: ConfigNode) throws(ConfigError) -> String {
        let name = try node.string()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }) else {
            throw node.error("a header name is printable ASCII without spaces or colons")
        }
        return name
    }

    static func parseEndpoint(key: String, _ node: ConfigNode,
                              communication: Communication = Communication()) throws(ConfigError) -> Endpoint {
        let keys = try node.mapping(allowed: endpointKeys)
        guard let url = keys["url"] else { throw node.error("missing required key \"url\"") }
        guard let item = keys["item"] else { throw node.error("missing required key \"item\"") }
        try refuseWebSocketURL(url)
        if let s = keys["stream"] { try checkStream(s, keys: keys) }
        let method = try keys["method"].map { n throws(ConfigError) in try n.readingMethod() }
        let sends = method ?? communication.method
        if let b = keys["body"], sends != .post {
            throw b.error("a request body needs method POST (this endpoint sends \(sends.rawValue))")
        }
        let placement = ParamPlacement(method: sends,
                                       jsonBody: keys["body"] != nil || communication.bodyFormat == .json)
        var params: [String: ParamValue] = [:]
        if let p = keys["params"] {
            for (k, v) in try p.entries() {
                try placement.check(k, at: v)
                if case .sequence = v.node { params[k] = .many(try v.stringList()) } else { params[k] = .one(try v.string()) }
            }
        }
        let mapping = try parseItem(item)
        var endpoint = Endpoint(
            key: key, url: try url.string(),
            method: method,
            params: params,
            headers: try keys["headers"].map(headerMap) ?? [:],
            paging: try keys["paging"].map { n throws(ConfigError) in try parsePaging(n, placement: placement) } ?? Paging(),
            response: try keys["response"].map(parseResponse) ?? ResponseShape(),
            item: mapping,
            columns: try keys["columns"].map { n throws(ConfigError) in try parseColumns(n, mapping: mapping) }
                ?? defaultColumns(mapping),
            mode: try keys["mode"].map { n throws(ConfigError) in try n.oneOf(GetMode.self) } ?? .network,
            query: try parseQuery(filters: keys["filters"], sort: keys["sort"], search: keys["search"],
                                  placement: placement))
        endpoint.body = try keys["body"]?.jsonValue()
        endpoint.title = try keys["title"]?.string()
        endpoint.related = try keys["related"].map(parseRelated)
        endpoint.actions = try keys["actions"].map { n throws(ConfigError) in try parseActions(n, fields: mapping.fields.map(\.name)) } ?? []
        endpoint.refreshEvery = try keys["refresh"].flatMap(parseRefresh)
        endpoint.refreshGone = try keys["refresh"].map(parseRefreshGone) ?? .keep
        if let s = keys["stream"] {
            endpoint.stream = try parseStream(s)
            // A WebSocket opens with GET, whatever `communication.method` says.
            if endpoint.stream?.webSocket == true { endpoint.method = .get }
        }
        if let n = keys["notify"] {
            endpoint.notify = try parseNotify(n, fields: mapping.fields.map(\.name))
        }
        if let v = keys["views"] {
            endpoint.views = try parseViews(v, fields: mapping.fields.map(\.name), query: endpoint.query)
        }
        if let m = keys["maxBodyBytes"] {
            endpoint.maxBodyBytes = try m.int()
            guard endpoint.maxBodyBytes! > 0 else { throw m.error("maxBodyBytes must be more than 0") }
        }
        if let t = keys["timeout"] {
            endpoint.timeoutSeconds = try t.double()
            guard endpoint.timeoutSeconds! > 0 else { throw t.error("timeout must be more than 0 seconds") }
        }
        return endpoint
    }

    static func parseResponse(_ node: ConfigNode) throws(ConfigError) -> ResponseShape {
        let keys = try node.mapping(allowed: responseKeys)
        var shape = ResponseShape()
        if let l = keys["list"] { shape.listPath = try l.jsonPath(wildcard: true) }
        if let f = keys["format"] { shape.format = try f.oneOf(ResponseFormat.self) }
        if let k = keys["keyed"] { shape.keyed = try k.bool() }
        shape.successPath = try keys["success"]?.jsonPath()
        shape.successValues = try keys["successValues"]?.stringList() ?? ["true", "1", "200", "0", "ok", "success"]
        shape.messagePath = try keys["message"]?.jsonPath()
        if let c = keys["columnNames"] {
            guard !shape.keyed else { throw c.error("columnNames names the cells of array rows; a keyed list has objects") }
            shape.columnNamesPath = try c.jsonPath()
        }
        return shape
    }

    /// `item:` — a mapping of fields, or `value`: each item is a plain
    /// value (a list of names or tags), its value the id and the title.
    static func parseItem(_ node: ConfigNode) throws(ConfigError) -> ItemMapping {
        if case .scalar = node.node {
            let form = try node.string()
            guard form == ItemMapping.valueForm else {
                throw node.error("item is a mapping of fields, or \"\(ItemMapping.valueForm)\" for items that are plain values, "
                                 + "not \"\(form)\"")
            }
            return ItemMapping.value
        }
        var fields: [FieldSpec] = []
        var nullStrings = ItemMapping.defaultNullStrings
        for (name, value) in try node.entries() {
            if name == "nullStrings" { nullStrings = try value.stringList(); continue }
            if case .scalar = value.node {
                fields.append(FieldSpec(name: name, path: try value.jsonPath()))
                continue
            }
            let keys = try value.mapping(allowed: fieldKeys)
            let computed = try keys["jq"].map { node throws(ConfigError) in try fieldExpression(node, field: name, keys: keys) }
            let path: JSONPath
            if computed != nil {
                path = JSONPath(steps: [])
            } else {
                guard let node = keys["path"] else { throw value.error("missing required key \"path\" (or \"jq\")") }
                path = try node.jsonPath()
            }
            let type = try keys["type"]?.oneOf(FieldType.self) ?? .text
            fields.append(FieldSpec(
                name: name, path: path, type: type,
                defaultValue: try keys["default"]?.string(),
                relative: try keys["relative"]?.bool() ?? false,
                relativeDays: try keys["relativeDays"].map(relativeDays) ?? FieldSpec.defaultRelativeDays,
                currency: try keys["currency"].map { node throws(ConfigError) in try currency(node, type: type) },
                computed: computed))
        }
        let mapping = ItemMapping(fields: fields, nullStrings: nullStrings)
        guard mapping.field("title") != nil else { throw node.error("missing required key \"title\"") }
        return mapping
    }

    /// `jq:` — a field computed by a jq expression, compiled here, once: a
    /// syntax error is this key's line and jq's message. Not the id (jq
    /// 1.6 reads every number as a double: an id stays on its exact path),
    /// and not beside a `path`.
    static func fieldExpression(_ node: ConfigNode, field: String,
                                keys: [String: ConfigNode]) throws(ConfigError) -> ComputedField {
        if keys["path"] != nil { throw node.error("a field is read at a path or computed by jq, not both") }
        guard field != "id" else {
            throw node.error("the id is read at a path, exactly (jq 1.6 reads numbers as doubles): use jq for other fields")
        }
        let source = try node.string()
        do throws(JQError) {
            return ComputedField(try JQProgram(source))
        } catch {
            throw node.error("jq: \(error.message)")
        }
    }

    /// `relativeDays`: a whole number of days, at least 1.
    static func relativeDays(_ node: ConfigNode) throws(ConfigError) -> Int {
        let days = try node.int()
        guard days >= 1 else { throw node.error("relativeDays must be at least 1") }
        return days
    }

    /// `currency`: an ISO 4217 code (three letters), on a money field only.
    static func currency(_ node: ConfigNode, type: FieldType) throws(ConfigError) -> String {
        guard type == .money else { throw node.error("currency is for money fields (type: money)") }
        let code = try node.string()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw node.error("currency must be an ISO 4217 code such as EUR or USD, not \"\(code)\"")
        }
        return code.uppercased()
    }

    static func parseColumns(_ node: ConfigNode, mapping: ItemMapping) throws(ConfigError) -> [ColumnSpec] {
        var columns: [ColumnSpec] = []
        for entry in try node.sequence() {
            let keys = try entry.mapping(allowed: columnKeys)
            guard let fieldNode = keys["field"] else { throw entry.error("missing required key \"field\"") }
            let field = try fieldNode.string()
            guard mapping.field(field) != nil else {
                let hint = Suggestion.closest(to: field, in: mapping.fields.map(\.name)).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fieldNode.error("no item field named \"\(field)\"\(hint)")
            }
            let width: ColumnSpec.Width
            if let w = keys["width"] {
                let n = try w.int()
                guard n > 0 else { throw w.error("width must be more than 0") }
                width = .fixed(n)
            } else {
                width = .weight(try keys["weight"]?.int() ?? 1, min: try keys["min"]?.int() ?? 6)
            }
            let align = try keys["align"].map { n throws(ConfigError) -> ColumnSpec.Alignment in
                let s = try n.string()
                guard let a = ColumnSpec.Alignment(rawValue: s) else { throw n.error("align must be left or right") }
                return a
            } ?? .left
            columns.append(ColumnSpec(field: field, title: try keys["title"]?.string() ?? field.capitalized,
                                      width: width, alignment: align))
        }
        return columns
    }

    static func defaultColumns(_ mapping: ItemMapping) -> [ColumnSpec] {
        var columns = [ColumnSpec(field: "title", title: "Title", width: .weight(2, min: 10))]
        if mapping.field("subtitle") != nil {
            columns.append(ColumnSpec(field: "subtitle", title: "Subtitle", width: .weight(1, min: 8)))
        }
        return columns
    }
}
