import RowboatSpec

/// An endpoint's `stream:` section: `mode` (append or upsert), `keep`
/// (the ring's size), `websocket` (the URL is opened as a WebSocket) and
/// `subscribe` (its first message); a stream has no pages, so paging,
/// refresh, a POST body and the cache modes are errors beside it.
extension ConfigLoader {
    static let streamKeys = ["mode", "keep", "websocket", "subscribe"]

    /// `stream: {mode: upsert, keep: 500}`; `stream: {}` is append, 1000.
    static func parseStream(_ node: ConfigNode) throws(ConfigError) -> StreamSpec {
        var spec = StreamSpec()
        if case .scalar = node.node, (try? node.string())?.isEmpty == true { return spec }
        let keys = try node.mapping(allowed: streamKeys)
        if let m = keys["mode"] { spec.mode = try m.oneOf(StreamSpec.Mode.self) }
        if let k = keys["keep"] {
            spec.keep = try k.int()
            guard (1...StreamSpec.mostKeep).contains(spec.keep) else {
                throw k.error("keep is the number of rows a stream holds: 1 to \(StreamSpec.mostKeep), not \(spec.keep)")
            }
        }
        if let w = keys["websocket"] { spec.webSocket = try w.bool() }
        if let s = keys["subscribe"] {
            guard spec.webSocket else { throw s.error("subscribe is sent over a WebSocket: add websocket: true") }
            spec.subscribe = try parseSubscribe(s)
        }
        return spec
    }

    /// `subscribe:` text (sent as written) or a mapping or list (sent as
    /// JSON text); `${params.NAME}` is its one kind of placeholder.
    static func parseSubscribe(_ node: ConfigNode) throws(ConfigError) -> StreamSubscribe {
        if case .scalar = node.node { return .text(try node.template(allowed: StreamSubscribe.namespaces)) }
        let value = try node.jsonValue()
        do { try JSONTemplate.check(value, allowed: StreamSubscribe.namespaces) } catch { throw node.error(error.description) }
        return .json(value)
    }

    /// The endpoint keys that mean pages and cannot go with `stream:`.
    static func checkStream(_ node: ConfigNode, keys: [String: ConfigNode]) throws(ConfigError) {
        for key in ["paging", "refresh"] {
            if let other = keys[key] {
                throw other.error("a stream endpoint has no pages: \(key) cannot go with stream")
            }
        }
        if let m = keys["mode"], let mode = try? m.oneOf(GetMode.self), mode != .network {
            throw m.error("a stream is read from the network only: mode \(mode.rawValue) cannot go with stream")
        }
        guard case .mapping = node.node, let w = try? node.mapping(allowed: streamKeys)["websocket"],
              (try? w.bool()) == true else { return }
        if let m = keys["method"], let method = try? m.readingMethod(), method != .get {
            throw m.error("a WebSocket opens with GET: method \(method.rawValue) cannot go with websocket")
        }
        if let b = keys["body"] { throw b.error("a WebSocket opens with GET and no body: send it as subscribe") }
    }

    /// A `ws://` or `wss://` URL: refused with the one way to write it
    /// (its http(s) URL, which every request's credentials and checks know).
    static func refuseWebSocketURL(_ node: ConfigNode) throws(ConfigError) {
        guard let url = try? node.string(), url.hasPrefix("ws://") || url.hasPrefix("wss://") else { return }
        let http = (url.hasPrefix("wss://") ? "https://" : "http://") + url.drop { $0 != "/" }.dropFirst(2)
        throw node.error("write a WebSocket's URL as its http(s) URL (\(http)) with stream: {websocket: true}")
    }
}
