import Yams
import RowboatSpec

/// Reads the top-level `theme:` section: a theme name, or
/// `{name: NAME, colors: {ROLE: {fg, bg, bold, underline, reverse, dim}}}`.
extension ConfigLoader {
    static let themeKeys = ["name", "colors"]
    static let roleKeys = ["fg", "bg", "bold", "underline", "reverse", "dim"]

    static func parseTheme(_ node: ConfigNode) throws(ConfigError) -> ThemeSettings {
        if case .scalar = node.node { return ThemeSettings(name: try themeName(node)) }
        let keys = try node.mapping(allowed: themeKeys)
        var settings = ThemeSettings()
        if let n = keys["name"] { settings.name = try themeName(n) }
        if let colors = keys["colors"] {
            for (name, value) in try colors.namedEntries(allowed: ThemeRole.allCases.map(\.rawValue), noun: "role") {
                settings.colors[ThemeRole(rawValue: name)!] = try parseRole(value)
            }
        }
        return settings
    }

    static func themeName(_ node: ConfigNode) throws(ConfigError) -> ThemeName {
        let text = try node.string()
        do {
            return try ThemeName.parse(text)
        } catch {
            throw node.error(error.description)
        }
    }

    static func parseRole(_ node: ConfigNode) throws(ConfigError) -> RoleOverride {
        let keys = try node.mapping(allowed: roleKeys)
        var o = RoleOverride()
        if let n = keys["fg"] { o.foreground = try color(n) }
        if let n = keys["bg"] { o.background = try color(n) }
        o.bold = try keys["bold"]?.bool()
        o.underline = try keys["underline"]?.bool()
        o.reverse = try keys["reverse"]?.bool()
        o.dim = try keys["dim"]?.bool()
        return o
    }

    /// 0–255 (the xterm 256-colour palette) or `default`.
    static func color(_ node: ConfigNode) throws(ConfigError) -> ThemeColor {
        let text = try node.string()
        if text.lowercased() == "default" { return .default }
        guard let n = Int(text), (0...255).contains(n) else {
            throw node.error("a colour is 0–255 (the 256-colour palette) or default, found \"\(text)\"")
        }
        return .indexed(UInt8(n))
    }
}
