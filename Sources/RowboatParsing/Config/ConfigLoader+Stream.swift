import RowboatSpec

/// An endpoint's `stream:` section: `mode` (append or upsert) and `keep`
/// (the ring's size); a stream has no pages, so paging, refresh, a POST
/// body and the cache modes are errors beside it.
extension ConfigLoader {
    static let streamKeys = ["mode", "keep"]

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
        return spec
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
    }
}
