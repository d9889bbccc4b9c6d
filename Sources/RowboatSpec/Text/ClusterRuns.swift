/// A string cut where a grapheme cluster surely ends, found without
/// Unicode's tables: before every scalar below U+0300 (Latin letters,
/// digits, punctuation, controls), unless it follows a CR (CR LF is one
/// cluster) or a prepended mark (which joins what follows it). Nothing
/// below U+0300 extends a cluster, so these are boundaries whatever comes
/// around them.
///
/// A scalar below U+0300 with a boundary on both sides is a cluster by
/// itself (`.scalar`); any other stretch (`.run`) is broken into
/// characters by the caller, the same characters as in the whole string.
/// So "€84.48" is one short run and five scalars, and layout does grapheme
/// breaking only where the text needs it.
public struct ClusterRuns: Sequence, IteratorProtocol {
    /// A piece of the string.
    public enum Piece: Equatable {
        /// One scalar below U+0300 that is a cluster by itself.
        case scalar(Unicode.Scalar)
        /// Scalars to break into characters.
        case run(Substring)
    }

    @usableFromInline let text: String
    @usableFromInline var at: String.Index

    @inlinable
    public init(_ text: String) {
        self.text = text
        self.at = text.unicodeScalars.startIndex
    }

    @inlinable
    public mutating func next() -> Piece? {
        let scalars = text.unicodeScalars
        guard at < scalars.endIndex else { return nil }
        let start = at
        var current = scalars[at]
        var index = scalars.index(after: at)
        if current.value < 0x300, index == scalars.endIndex || Self.breaks(after: current, before: scalars[index]) {
            at = index
            return .scalar(current)
        }
        // A run: up to the next boundary.
        while index < scalars.endIndex {
            let following = scalars[index]
            if Self.breaks(after: current, before: following) { break }
            current = following
            index = scalars.index(after: index)
        }
        at = index
        return .run(Substring(scalars[start..<index]))
    }

    /// True where a cluster surely ends between `a` and `b` (see the type).
    @inlinable
    static func breaks(after a: Unicode.Scalar, before b: Unicode.Scalar) -> Bool {
        b.value < 0x300 && a.value != 0x0D && !isPrepend(a.value)
    }

    /// Unicode's Grapheme_Cluster_Break=Prepend (Unicode 15.1): signs that
    /// join the character after them.
    @inlinable
    static func isPrepend(_ v: UInt32) -> Bool {
        if v < 0x600 { return false }
        switch v {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }

    /// Columns a scalar below U+0300 takes as a cluster by itself: what
    /// `DisplayWidth.of` says of it (controls and the soft hyphen 0).
    @inlinable
    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        return (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v != 0xAD) ? 1 : 0
    }
}
