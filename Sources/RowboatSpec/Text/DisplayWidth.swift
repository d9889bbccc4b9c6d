/// Display width of text in terminal columns, measured per grapheme cluster:
/// CJK and fullwidth forms are 2, emoji with emoji presentation (or made so
/// by VS16, or joined by ZWJ) are 2, combining marks ride on their base.
public enum DisplayWidth {
    /// Columns taken by one grapheme cluster (0, 1 or 2).
    @inline(__always)
    public static func of(_ c: Character) -> Int {
        if let ascii = c.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        return clusterWidth(c.unicodeScalars)
    }

    /// Columns taken by a string.
    public static func of(_ s: String) -> Int {
        of(s, stoppingAbove: .max)
    }

    /// Columns taken by a string, counted until they pass `limit` (then
    /// some number above it): enough to know whether text fits.
    public static func of(_ s: String, stoppingAbove limit: Int) -> Int {
        if s.isPrintableASCII { return s.utf8.count }
        // Latin text (tab labels with a "·", names with accents written
        // whole): below U+0300 no scalar joins the one before it (CR LF
        // does, but both are 0 wide), so no grapheme breaking is needed.
        var total = 0
        for scalar in s.unicodeScalars {
            let v = scalar.value
            guard v < 0x300 else { return ofClusters(s, stoppingAbove: limit) }
            total += (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v != 0xAD) ? 1 : 0
        }
        return total
    }

    /// Columns taken by a string, cluster by cluster.
    static func ofClusters(_ s: String, stoppingAbove limit: Int = .max) -> Int {
        var total = 0
        for c in s {
            total += of(c)
            if total > limit { break }
        }
        return total
    }

    static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        let props = first.properties
        switch props.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
            return 0
        case .nonspacingMark, .enclosingMark, .spacingMark:
            return 0
        default:
            break
        }
        if isWide(first.value) { return 2 }
        if props.isEmojiPresentation { return 2 }
        if props.isEmoji, scalars.count > 1 {
            // VS16 or a ZWJ sequence asks for the emoji (wide) presentation.
            for s in scalars.dropFirst() where s.value == 0xFE0F || s.value == 0x200D { return 2 }
        }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15).
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F1E6...0x1F1FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
