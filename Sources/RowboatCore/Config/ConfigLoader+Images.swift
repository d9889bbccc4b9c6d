/// Reads the top-level `images:` section: `{decodeMemory: 256 MB}`.
extension ConfigLoader {
    static let imagesKeys = ["decodeMemory"]

    static func parseImages(_ node: ConfigNode) throws(ConfigError) -> ImageSettings {
        let keys = try node.mapping(allowed: imagesKeys)
        var settings = ImageSettings()
        if let m = keys["decodeMemory"] { settings.decodeMemory = try ByteSize.parse(m) }
        return settings
    }
}
