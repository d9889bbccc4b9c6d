/// Writes a `RowboatConfig` as commented YAML that `ConfigLoader` parses
/// back to an equal config (apart from `source`). Used by
/// `rowboat config import`. Every key is written out, defaults included,
/// so the file documents what Rowboat will do.
public enum ConfigYAMLWriter {
    /// The YAML text; `header` lines become leading comments.
    public static func yaml(_ config: RowboatConfig, header: [String] = []) throws(ConfigError) -> String {
        var out: [String] = header.map { $0.isEmpty ? "#" : "# " + Sanitizer.clean($0, limit: 300) }
        if !header.isEmpty { out.append("") }
        out.append("server: \(YAMLScalar.value(config.server))")
        out.append("")
        let c = config.communication
        out.append("communication:")
        out.append("  method: \(c.method.rawValue)")
        out.append("  bodyFormat: \(c.bodyFormat.rawValue)      # how POST params are sent: form or json")
        out.append("  timeout: \(JSONValue.format(c.timeoutSeconds))          # seconds, for the whole request")
        out.append("  maxBodyBytes: \(c.maxBodyBytes)")
        if let agent = c.userAgent { out.append("  userAgent: \(YAMLScalar.value(agent))") }
        out += headers(c.headers, indent: "  ")
        out.append("")
        let cache = config.localCache
        out.append("localCache:")
        out.append("  enabled: \(cache.enabled)")
        if let path = cache.path { out.append("  path: \(YAMLScalar.value(path))") }
        out.append("  expire: \(JSONValue.format(cache.expireSeconds))          # seconds an entry stays fresh")
        out.append("  maxSize: \(cache.maxBytes)    # bytes")
        out.append("  keepStale: \(JSONValue.format(cache.keepStaleSeconds))    # seconds expired responses stay for offline use")
        out.append("")
        out.append("interfaces:")
        for endpoint in config.endpoints {
            out += try self.endpoint(endpoint, source: config.source)
        }
        if let tabs = config.tabs { out += ["", "tabs: \(list(tabs))"] }
        if !config.actions.isEmpty { out += [""] + actions(config.actions, indent: "") }
        return out.joined(separator: "\n") + "\n"
    }

    /// Headers with their values never printed (they carry tokens): each
    /// becomes `${ROWBOAT_HEADER_<NAME>}`, read from the environment.
    static func headers(_ values: [String: String], indent: String) -> [String] {
        guard !values.isEmpty else { return ["\(indent)headers: {}"] }
        return ["\(indent)headers:        # values are not printed; set these environment variables"]
            + values.keys.sorted().map {
                // Written raw: the value escaper would turn `$` into `$$`.
                "\(indent)  \(YAMLScalar.key($0)): \"${\(environmentName(forHeader: $0))}\""
            }
    }

    /// `X-Api-Key` → `ROWBOAT_HEADER_X_API_KEY`.
    static func environmentName(forHeader name: String) -> String {
        "ROWBOAT_HEADER_" + String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    static func list(_ values: [String]) -> String {
        "[" + values.map(YAMLScalar.value).joined(separator: ", ") + "]"
    }

    static func endpoint(_ e: Endpoint, source: String) throws(ConfigError) -> [String] {
        var out = ["  \(YAMLScalar.key(e.key)):"]
        if let title = e.title { out.append("    title: \(YAMLScalar.value(title))") }
        out.append("    url: \(YAMLScalar.value(e.url))")
        if let method = e.method { out.append("    method: \(method.rawValue)") }
        if e.params.isEmpty {
            out.append("    params: {}")
        } else {
            out.append("    params:           # sent with every request")
            for key in e.params.keys.sorted() {
                switch e.params[key]! {
                case .one(let v): out.append("      \(YAMLScalar.key(key)): \(YAMLScalar.value(v))")
                case .many(let vs): out.append("      \(YAMLScalar.key(key)): \(list(vs))")
                }
            }
        }
        out += headers(e.headers, indent: "    ")
        out += try paging(e.paging, at: "interfaces.\(e.key).paging", source: source)
        let r = e.response
        out.append("    response:")
        out.append("      list: \(YAMLScalar.value(r.listPath.description))")
        if let s = r.successPath { out.append("      success: \(YAMLScalar.value(s.description))") }
        out.append("      successValues: \(list(r.successValues))")
        if let m = r.messagePath { out.append("      message: \(YAMLScalar.value(m.description))") }
        if r.keyed { out.append("      keyed: true") }
        if r.format != .auto { out.append("      format: \(r.format.rawValue)") }
        if let c = r.columnNamesPath { out.append("      columnNames: \(YAMLScalar.value(c.description))") }
        out.append("    item:")
        if e.item.nullStrings != ItemMapping.defaultNullStrings {
            out.append("      nullStrings: \(list(e.item.nullStrings))")
        }
        // Hidden fields are the loader's, for action templates: not written.
        for f in e.item.fields where !ActionFields.isHidden(f.name) {
            let name = YAMLScalar.key(f.name)
            if f.type == .text, f.defaultValue == nil, !f.relative, f.computed == nil {
                out.append("      \(name): \(YAMLScalar.value(f.path.description))")
                continue
            }
            var parts = [f.computed.map { "jq: \(YAMLScalar.value($0.expression.source))" }
                         ?? "path: \(YAMLScalar.value(f.path.description))", "type: \(f.type.rawValue)"]
            if let d = f.defaultValue { parts.append("default: \(YAMLScalar.value(d))") }
            if f.relative { parts.append("relative: true") }
            if f.relativeDays != FieldSpec.defaultRelativeDays { parts.append("relativeDays: \(f.relativeDays)") }
            if let c = f.currency { parts.append("currency: \(c)") }
            out.append("      \(name): {\(parts.joined(separator: ", "))}")
        }
        out.append("    columns:")
        for col in e.columns {
            var parts = ["field: \(YAMLScalar.value(col.field))", "title: \(YAMLScalar.value(col.title))"]
            switch col.width {
            case .fixed(let n): parts.append("width: \(n)")
            case .weight(let w, let m): parts += ["weight: \(w)", "min: \(m)"]
            }
            parts.append("align: \(col.alignment.rawValue)")
            out.append("      - {\(parts.joined(separator: ", "))}")
        }
        if !e.query.filters.isEmpty {
            out.append("    filters:")
            for section in e.query.filters { out += querySection(section, first: "      - ", rest: "        ") }
        }
        if let sort = e.query.sort {
            out.append("    sort:")
            out += querySection(sort, first: "      ", rest: "      ")
        }
        if let search = e.query.searchParam { out.append("    search: \(YAMLScalar.value(search))") }
        if let every = e.refreshEvery {
            out.append("    refresh: {every: \(JSONValue.format(every))s\(e.refreshGone == .drop ? ", gone: drop" : "")}")
        }
        if let related = e.related {
            out.append("    related:")
            out.append("      endpoint: \(YAMLScalar.value(related.endpoint))")
            if let title = related.title { out.append("      title: \(YAMLScalar.value(title))") }
            let params = related.params.keys.sorted()
                .map { "\(YAMLScalar.key($0)): \(YAMLScalar.value(related.params[$0]!))" }
            out.append("      params: {\(params.joined(separator: ", "))}")
        }
        if !e.actions.isEmpty { out += actions(e.actions, indent: "    ") }
        return out
    }

    /// An `actions:` list: each action's keys spelled out, its templates as
    /// written.
    static func actions(_ list: [ActionSpec], indent: String) -> [String] {
        var out = ["\(indent)actions:"]
        for a in list {
            out.append("\(indent)  - title: \(YAMLScalar.value(a.title))")
            let item = indent + "    "
            if let key = a.key { out.append("\(item)key: \(YAMLScalar.value(KeyName.name(key)))") }
            if let confirm = a.confirm { out.append("\(item)confirm: \(YAMLScalar.value(confirm.source))") }
            switch a.kind {
            case .open(let url):
                out.append("\(item)open: \(YAMLScalar.value(url.source))")
            case .run(let arguments, let stdin, let interactive):
                out.append("\(item)run: \(Self.list(arguments.map(\.source)))")
                if let stdin { out.append("\(item)stdin: \(YAMLScalar.value(stdin.source))") }
                if interactive { out.append("\(item)interactive: true") }
            case .request(let r):
                out.append("\(item)request:")
                out.append("\(item)  method: \(r.method.rawValue)")
                out.append("\(item)  path: \(YAMLScalar.value(r.path.source))")
                if !r.params.isEmpty {
                    let params = r.params.map { "\(YAMLScalar.key($0.0)): \(YAMLScalar.value($0.1.source))" }
                    out.append("\(item)  params: {\(params.joined(separator: ", "))}")
                }
                if let body = r.body, let json = body.jsonText { out.append("\(item)  body: \(json)") }
                out.append("\(item)then: \(r.then.rawValue)")
            case .custom:
                break
            }
        }
        return out
    }

    /// A filter or sort section, each option with its params spelled out.
    static func querySection(_ section: QuerySection, first: String, rest: String) -> [String] {
        var out = [first + "title: \(YAMLScalar.value(section.title))", rest + "options:"]
        for option in section.options {
            var line = "\(rest)  - {title: \(YAMLScalar.value(option.title))"
            if !option.params.isEmpty {
                let params = option.params.keys.sorted()
                    .map { "\(YAMLScalar.key($0)): \(YAMLScalar.value(option.params[$0]!))" }
                line += ", params: {\(params.joined(separator: ", "))}"
            }
            out.append(line + "}")
        }
        return out
    }

    static func paging(_ p: Paging, at keyPath: String, source: String) throws(ConfigError) -> [String] {
        var out = ["    paging:"]
        switch p.style {
        case .none:
            out.append("      style: none")
        case .pageNumber(let param, let first):
            out.append("      style: page       # a page-number parameter")
            out.append("      param: \(YAMLScalar.value(param))")
            out.append("      firstPage: \(first)")
        case .offset(let param):
            out.append("      style: offset")
            out.append("      offsetParam: \(YAMLScalar.value(param))")
        case .cursor(let param, let next):
            out.append("      style: cursor")
            out.append("      cursorParam: \(YAMLScalar.value(param))")
            out.append("      \(p.cursorInLastItem ? "lastItemCursor" : "nextCursor"): \(YAMLScalar.value(next.description))")
        case .nextURL(let path):
            out.append("      style: nextURL")
            out.append("      nextURL: \(YAMLScalar.value(path.description))")
        case .link:
            out.append("      style: link")
        case .lastID(let param):
            out.append("      style: lastId")
            out.append("      cursorParam: \(YAMLScalar.value(param))")
        case .nextURLHeader(let name):
            out.append("      style: nextURL")
            out.append("      nextURLHeader: \(YAMLScalar.value(name))")
        case .continuation(let path):
            out.append("      style: continuation")
            out.append("      continuation: \(YAMLScalar.value(path.description))")
        }
        switch p.style {
        case .cursor, .lastID:
            if p.cursorFormat != .text { out.append("      cursorFormat: \(p.cursorFormat.rawValue)") }
        default: break
        }
        if p.endOnEmptyPage { out.append("      endOnEmptyPage: true") }
        if let h = p.pagingHeader { out.append("      pagingHeader: \(YAMLScalar.value(h))") }
        if let h = p.isLastPath { out.append("      isLast: \(YAMLScalar.value(h.description))") }
        if let h = p.totalPagesHeader { out.append("      totalPagesHeader: \(YAMLScalar.value(h))") }
        if let h = p.totalCountHeader { out.append("      totalCountHeader: \(YAMLScalar.value(h))") }
        if let h = p.hasMorePath { out.append("      hasMore: \(YAMLScalar.value(h.description))") }
        if let s = p.sizeParam { out.append("      sizeParam: \(YAMLScalar.value(s))") }
        if let n = p.size { out.append("      size: \(n)") }
        if let t = p.totalPagesPath { out.append("      totalPages: \(YAMLScalar.value(t.description))") }
        if let t = p.totalCountPath { out.append("      totalCount: \(YAMLScalar.value(t.description))") }
        out.append("      maxPages: \(p.maxPages)     # safety cap for --pages all")
        return out
    }
}
