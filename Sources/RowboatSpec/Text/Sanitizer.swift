/// The single gate that every string from data, config, servers and errors
/// passes before it can reach a terminal.
///
/// It removes C0 and C1 control characters (ESC, CSI as U+009B, BEL, …),
/// bidi overrides and isolates, zero-width characters and the BOM; it turns
/// newlines and tabs into single spaces and caps the length before layout.
/// Invalid UTF-8 never reaches it: decoding bytes as `String` already
/// replaces it with U+FFFD.
///
/// It is also where secrets are taken out (`Secrets.redact`): after the
/// invisible characters go (so a token split by one is found) and before
/// the cap (so a token cut by it is found as a piece).
public enum Sanitizer {
    /// Default cap on the number of characters kept from one value.
    public static let defaultLimit = 4096

    /// Returns `text` made safe for a terminal cell grid.
    public static func clean(_ text: String, limit: Int = defaultLimit) -> String {
        if isClean(text, limit: limit) { return Secrets.redact(text) }
        // Work is bounded by scalars (a title of 100,000 combining marks is
        // one character); the cap itself counts characters.
        var result = Secrets.redact(strip(text, scalarBudget: limit * 4))
        if result.count > limit { result = String(result.prefix(limit)) }
        // The scalar budget or the cap can end the text between a joiner
        // and its emoji: a joiner left dangling goes too.
        while result.unicodeScalars.last?.value == 0x200D { result.unicodeScalars.removeLast() }
        return result
    }

    /// `clean` without the cap, for a value written out whole (an id in a
    /// CSV file): every character a terminal must not get is still gone.
    public static func cleanWhole(_ text: String) -> String {
        clean(text, limit: max(defaultLimit, text.unicodeScalars.count))
    }

    /// `text` without control and invisible characters, line breaks and
    /// tabs as single spaces, at most `scalarBudget` scalars long; no cap
    /// and no redaction.
    public static func strip(_ text: String, scalarBudget: Int = .max) -> String {
        var out = String.UnicodeScalarView()
        var kept = 0
        var lastWasSpace = false
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            if kept >= scalarBudget { break }
            if scalar.value == 0x200D, isEmojiJoin(scalars, at: i) {
                out.append(scalar)
                kept += 1
                continue
            }
            switch classify(scalar) {
            case .keep:
                out.append(scalar)
                lastWasSpace = false
                kept += 1
            case .space:
                if !lastWasSpace {
                    out.append(" ")
                    kept += 1
                }
                lastWasSpace = true
            case .drop:
                continue
            }
        }
        return String(out)
    }

    /// A zero-width joiner between two emoji (👨‍👩‍👧) is part of one
    /// picture and stays; anywhere else it is an invisible trick and goes.
    static func isEmojiJoin(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0, i + 1 < scalars.count else { return false }
        var before = i - 1
        if scalars[before].value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalars[before].value), before > 0 { before -= 1 }
        return scalars[before].properties.isEmoji && scalars[before].value > 0xFF
            && scalars[i + 1].properties.isEmoji && scalars[i + 1].value > 0xFF
    }

    /// True when `text` needs no change: the fast path for already clean data.
    public static func isClean(_ text: String, limit: Int = defaultLimit) -> Bool {
        if text.utf8.count <= limit && text.isPrintableASCII { return true }
        var count = 0
        var previous: Unicode.Scalar?
        var beforePrevious: Unicode.Scalar?
        var pendingJoin = false
        for scalar in text.unicodeScalars {
            if pendingJoin {
                // A joiner must be followed by an emoji to be kept as is.
                if !(scalar.properties.isEmoji && scalar.value > 0xFF) { return false }
                pendingJoin = false
            }
            defer { (beforePrevious, previous) = (previous, scalar) }
            // The same test as isEmojiJoin: the emoji before the joiner may
            // carry VS16 or a skin tone.
            if scalar.value == 0x200D, var base = previous {
                if base.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(base.value), let earlier = beforePrevious {
                    base = earlier
                }
                if base.properties.isEmoji && base.value > 0xFF {
                    pendingJoin = true
                    count += 1
                    continue
                }
            }
            if classify(scalar) != .keep { return false }
            count += 1
            if count > limit { return false }
        }
        return !pendingJoin
    }

    package enum Verdict { case keep, space, drop }

    @inline(__always)
    package static func classify(_ scalar: Unicode.Scalar) -> Verdict {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return .keep }
        switch v {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return .space
        case 0x00...0x1F, 0x7F...0x9F: return .drop            // C0, DEL, C1
        case 0x200B...0x200F: return .drop                      // zero-width, LRM/RLM
        case 0x061C: return .drop                               // Arabic letter mark
        case 0x2028, 0x2029: return .space                      // line/paragraph separators
        case 0x202A...0x202E: return .drop                      // bidi embeddings/overrides
        case 0x2060...0x206F: return .drop                      // word joiner, isolates, invisible ops
        case 0xFEFF: return .drop                               // BOM / ZWNBSP
        case 0xFFF9...0xFFFB: return .drop                      // interlinear annotations
        case 0xFFFE, 0xFFFF: return .drop                       // noncharacters (YAML refuses them in a file)
        case 0xE0000...0xE007F: return .drop                    // tag characters
        default: return .keep
        }
    }
}
