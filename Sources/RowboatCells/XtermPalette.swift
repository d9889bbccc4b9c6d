import RowboatSpec

/// The xterm-256 palette: index → RGB, and RGB → the nearest index among
/// 16...255 (the colour cube and grey ramp, which every 256-colour terminal
/// shows alike). Used to draw palette colours on a direct-colour terminal
/// and RGB colours on a palette one.
public enum XtermPalette {
    /// xterm's defaults for the 16 theme colours (themes change them).
    static let system: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    /// The six levels of each channel in the 6 x 6 x 6 cube.
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    /// 0xRRGGBB of a palette index.
    public static func rgb(_ index: UInt8) -> UInt32 {
        let i = Int(index)
        if i < 16 { return system[i] }
        if i >= 232 {
            let v = UInt32(8 + 10 * (i - 232))
            return v << 16 | v << 8 | v
        }
        let c = i - 16
        return UInt32(levels[c / 36]) << 16 | UInt32(levels[(c / 6) % 6]) << 8 | UInt32(levels[c % 6])
    }

    /// The index among the first `count` theme colours (8 or 16) closest
    /// to 0xRRGGBB, by xterm's defaults: how a palette colour is drawn on a
    /// terminal with only those.
    public static func nearestSystem(_ rgb: UInt32, count: Int) -> UInt8 {
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        let candidates = system.prefix(max(1, min(count, system.count))).enumerated()
        let best = candidates.min { x, y in distance(x.element, r, g, b) < distance(y.element, r, g, b) }
        return UInt8(best?.offset ?? 0)
    }

    /// Squared distance of 0xRRGGBB `c` from (r, g, b).
    static func distance(_ c: UInt32, _ r: Int, _ g: Int, _ b: Int) -> Int {
        let dr = Int(c >> 16 & 0xFF) - r, dg = Int(c >> 8 & 0xFF) - g, db = Int(c & 0xFF) - b
        return dr * dr + dg * dg + db * db
    }

    /// The index in 16...255 closest to 0xRRGGBB (squared distance): the
    /// nearest cube colour or the nearest grey, whichever is closer.
    public static func nearest(_ rgb: UInt32) -> UInt8 {
        let r = Int(rgb >> 16 & 0xFF), g = Int(rgb >> 8 & 0xFF), b = Int(rgb & 0xFF)
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * cr + 6 * cg + cb
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 232 + greyStep
        func distance(_ index: Int) -> Int { Self.distance(Self.rgb(UInt8(index)), r, g, b) }
        return UInt8(distance(grey) < distance(cube) ? grey : cube)
    }
}
