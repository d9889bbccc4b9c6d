#if canImport(Glibc)
import Glibc
#endif
import CNCurses
import RowboatSpec
import RowboatCells

/// Styles as ncurses draws them: attributes, colour pairs from ncurses'
/// pair cache (`alloc_pair`) and colour numbers for palette and
/// direct-colour terminals.
extension NCursesScreen {
    func attributes(_ a: Style.Attributes) -> attr_t {
        var out = rb_attr_normal()
        if a.contains(.bold) { out |= rb_attr_bold() }
        if a.contains(.reverse) { out |= rb_attr_reverse() }
        if a.contains(.underline) { out |= rb_attr_underline() }
        if a.contains(.dim) { out |= rb_attr_dim() }
        return out
    }

    func pairNumber(for style: Style) -> Int32 {
        guard colors else { return 0 }
        if style.foreground == .default && style.background == .default { return 0 }
        let key = Self.pairKey(style.foreground) << 32 | Self.pairKey(style.background)
        if let p = pairs[key] { return p }
        let p = alloc_pair(colorNumber(style.foreground), colorNumber(style.background))
        let pair = p < 0 ? 0 : p
        pairs[key] = pair
        return pair
    }

    /// A colour as 32 bits, distinct for every colour: the kind in bits
    /// 24...25, the index or RGB below. Cheaper to hash than `Style`.
    static func pairKey(_ color: Style.Color) -> UInt64 {
        switch color {
        case .default: 0
        case .indexed(let i): 1 << 24 | UInt64(i)
        case .rgb(let rgb): 2 << 24 | UInt64(rgb & 0xFF_FFFF)
        }
    }

    /// ncurses' number for a colour. Direct colour: 0...7 are the theme's
    /// colours and the rest 0xRRGGBB, so other palette colours go as their
    /// RGB and RGB values that small are nudged (green + 1) out of the way.
    /// Palette terminals get RGB as the nearest palette colour.
    func colorNumber(_ color: Style.Color) -> Int32 {
        Self.colorNumber(color, colors: Int(rb_colors()), direct: directColor)
    }

    /// The ncurses colour number for `color` on a terminal of `colors`
    /// colours (`direct`: 24-bit, numbers are RGB); -1 is the default.
    /// Pure, so the render benchmark's C reference draws the same numbers.
    public static func colorNumber(_ color: Style.Color, colors: Int, direct: Bool) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let i) where direct:
            return i < 8 ? Int32(i) : directNumber(XtermPalette.rgb(i))
        case .rgb(let rgb) where direct:
            return directNumber(rgb)
        case .indexed(let i):
            return Int(i) < colors ? Int32(i) : colorNumber(.rgb(XtermPalette.rgb(i)), colors: colors, direct: false)
        case .rgb(let rgb) where colors < 256:
            // 8 or 16 colours: the nearest of those (a palette number taken
            // modulo 8 drew the status bar's grey on grey as blue on blue).
            return Int32(XtermPalette.nearestSystem(rgb, count: colors))
        case .rgb(let rgb):
            return Int32(XtermPalette.nearest(rgb))
        }
    }

    static func directNumber(_ rgb: UInt32) -> Int32 {
        Int32(bitPattern: rgb < 0x100 ? rgb | 0x100 : rgb & 0xFF_FFFF)
    }
}
