import Foundation
import RowboatSpec

/// Reads a PbSwiftLibrary-style `DataConfig.plist` (XML or binary property
/// list) into a `RowboatConfig`. Pure: bytes in, config out.
///
/// The plist names the server (`sever`, sic, or `server`), `communication`,
/// `localCache` and `interface` {key → {url, params}}. It says nothing about
/// paging or item mapping, so every endpoint gets the defaults of that
/// library's envelope `{"code":200,"msg":…,"datas":{"list":[…],"page":N,"totalPage":M}}`
/// (see `PlistConfigImporter.defaults…`). Unknown root keys (apps keep their
/// own sections there) are ignored; unknown keys inside the known sections
/// are errors with a "did you mean".
public enum PlistConfigImporter {
    static let rootKeys = ["sever", "server", "communication", "localCache", "interface"]
    static let communicationKeys = ["protocol", "method", "responseType", "timeOut", "asynchronous"]
    static let localCacheKeys = ["isActive", "cachePath", "subResourcePath", "subDataPath", "expireTime"]
    static let interfaceKeys = ["url", "params"]

    /// Paging for every imported endpoint: `page=N` from 1, `datas.totalPage` pages.
    public static let defaultPaging = Paging(style: .pageNumber(param: "page", first: 1),
                                             totalPagesPath: JSONPath("datas.totalPage"))
    /// The envelope: list at `datas.list`, success when `code` is 200, message `msg`.
    public static let defaultResponse = ResponseShape(listPath: JSONPath("datas.list")!, successPath: JSONPath("code"),
                                                      successValues: ["200"], messagePath: JSONPath("msg"))
    /// Item fields: `id`, `title`, `subtitle`, `image` at the same names.
    public static let defaultItem = ItemMapping(fields: ["id", "title", "subtitle", "image"].map {
        FieldSpec(name: $0, path: JSONPath($0)!)
    })

    /// True when `bytes` look like a property list rather than YAML/JSON.
    public static func looksLikePlist(_ bytes: some Collection<UInt8>) -> Bool {
        var rest = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.starts(with: Array("bplist".utf8)) || rest.starts(with: Array("<?xml".utf8))
            || rest.starts(with: Array("<plist".utf8)) || rest.starts(with: Array("<!DOCTYPE plist".utf8))
    }

    /// Parses plist `data` read from `file`.
    public static func parse(_ data: Data, file: String) throws(ConfigError) -> RowboatConfig {
        try PlistExpansion.check(Array(data), file: file)
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String).map { ": \($0)" } ?? ""
            throw ConfigError(file: file, line: nil, column: nil, keyPath: "",
                              message: "not a valid property list\(detail)")
        }
        let top = PlistNode(value: value, path: "", file: file)
        let keys = try top.dictionary(known: rootKeys, ignoringUnknown: true)
        let communicationKeys = try keys["communication"]?.dictionary(known: communicationKeys) ?? [:]
        let server = try serverURL(keys, top: top, protocolNode: communicationKeys["protocol"])
        let communication = try parseCommunication(communicationKeys)
        let localCache = try keys["localCache"].map(parseLocalCache) ?? LocalCacheSettings()
        guard let interfaces = keys["interface"] else {
            throw top.error("missing required key \"interface\" (the endpoints: key → {url, params})")
        }
        var endpoints: [Endpoint] = []
        for (key, node) in try interfaces.entries() {
            endpoints.append(try parseEndpoint(key: key, node))
        }
        guard !endpoints.isEmpty else { throw interfaces.error("declare at least one interface") }
        var config = RowboatConfig(source: file, server: server, communication: communication, localCache: localCache,
                                   endpoints: endpoints)
        config.secrets = SecretValues(ConfigSecrets.of(config, root: nil))
        return config
    }

    /// `sever` (or `server`); without a scheme, `communication.protocol` gives it.
    static func serverURL(_ keys: [String: PlistNode], top: PlistNode,
                          protocolNode: PlistNode?) throws(ConfigError) -> String {
        if let a = keys["sever"], let b = keys["server"], (try? a.string()) != (try? b.string()) {
            throw b.error("both \"sever\" and \"server\" are set to different values; keep one")
        }
        guard let node = keys["sever"] ?? keys["server"] else {
            throw top.error("missing required key \"sever\" (the server's base URL)")
        }
        let text = try String(node.string().trimmingWhitespace())
        guard !text.isEmpty else { throw node.error("the server's base URL is empty") }
        let lower = text.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            return scheme + text.dropFirst(scheme.count)
        }
        guard !text.contains("://") else { throw node.error("server must start with http:// or https://") }
        let scheme: String
        switch try protocolNode?.string().uppercased() ?? "HTTP" {
        case "HTTP": scheme = "http"
        case "HTTPS": scheme = "https"
        case let other: throw protocolNode!.error("expected HTTP or HTTPS, found \"\(other)\"")
        }
        return "\(scheme)://\(text)"
    }

    static func parseCommunication(_ keys: [String: PlistNode]) throws(ConfigError) -> Communication {
        var c = Communication()
        if let m = keys["method"] {
            let name = try m.string()
            guard let method = HTTPMethodName(rawValue: name.uppercased()), HTTPMethodName.readingMethods.contains(method) else {
                throw m.error("expected GET or POST, found \"\(name)\"")
            }
            c.method = method
        }
        if let r = keys["responseType"] {
            let type = try r.string()
            guard type.uppercased() == "JSON" else { throw r.error("only JSON responses are supported, found \"\(type)\"") }
        }
        if let t = keys["timeOut"] {
            let seconds = try t.double()
            // The library treats 0 as "no timeout of its own"; keep our default then.
            guard seconds >= 0 else { throw t.error("timeOut must be 0 or more seconds") }
            if seconds > 0 { c.timeoutSeconds = seconds }
        }
        if let a = keys["asynchronous"] { _ = try a.bool() }
        return c
    }

    static func parseLocalCache(_ node: PlistNode) throws(ConfigError) -> LocalCacheSettings {
        let keys = try node.dictionary(known: localCacheKeys)
        var settings = LocalCacheSettings()
        if let a = keys["isActive"] { settings.enabled = try a.bool() }
        if let p = keys["cachePath"] {
            let path = try p.string()
            settings.path = path.isEmpty ? nil : path
        }
        if let e = keys["expireTime"] {
            settings.expireSeconds = try e.double()
            guard settings.expireSeconds >= 0 else { throw e.error("expireTime must be 0 or more seconds") }
        }
        // subResourcePath / subDataPath split the library's cache folder;
        // Rowboat keeps images and data in one store, so they are checked only.
        for key in ["subResourcePath", "subDataPath"] { _ = try keys[key]?.string() }
        return settings
    }

    static func parseEndpoint(key: String, _ node: PlistNode) throws(ConfigError) -> Endpoint {
        let keys = try node.dictionary(known: interfaceKeys)
        guard let urlNode = keys["url"] else { throw node.error("missing required key \"url\"") }
        let url = try urlNode.string()
        guard !url.isEmpty else { throw urlNode.error("url is empty") }
        var params: [String: ParamValue] = [:]
        if let p = keys["params"] {
            for (name, value) in try p.entries() {
                if let list = value.value as? [Any] {
                    var texts: [String] = []
                    for (i, element) in list.enumerated() {
                        texts.append(try PlistNode(value: element, path: "\(value.path)[\(i)]", file: value.file).scalarText())
                    }
                    params[name] = .many(texts)
                } else {
                    params[name] = .one(try value.scalarText())
                }
            }
        }
        return Endpoint(key: key, url: url, params: params, paging: defaultPaging, response: defaultResponse,
                        item: defaultItem, columns: ConfigLoader.defaultColumns(defaultItem))
    }
}
