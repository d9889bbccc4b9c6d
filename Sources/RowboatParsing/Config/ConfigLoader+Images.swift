import RowboatSpec
/// Reads the top-level `images:` section: `{mode: auto, decodeMemory: 256 MB}`,
/// or a mode alone (`images: sixel`).
extension ConfigLoader {
    static let imagesKeys = ["mode", "decodeMemory"]

    static func parseImages(_ node: ConfigNode) throws(ConfigError) -> ImageSettings {
        if case .scalar = node.node { return ImageSettings(mode: try node.oneOf(ImageMode.self)) }
        let keys = try node.mapping(allowed: imagesKeys)
        var settings = ImageSettings()
        if let m = keys["mode"] { settings.mode = try m.oneOf(ImageMode.self) }
        if let m = keys["decodeMemory"] { settings.decodeMemory = try ByteSize.parse(m) }
        return settings
    }
}
