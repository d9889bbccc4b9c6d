import RowboatSpec

/// How the status bar fits its width: segments on the left (joined by
/// " · ") and one on the right, each with a rank. When they do not fit,
/// the lowest-ranked segment goes first (of two alike, the later), never
/// a cut in the middle of a word; only a segment left alone that is still
/// too long is shortened, at a word's end, with "…".
public struct StatusLineFit: Sendable, Equatable {
    /// One piece of the line and how much it matters (higher stays longer).
    public struct Segment: Sendable, Equatable {
        public var text: String
        public var rank: Int
        /// When its turn to go comes, it is shortened at a word's end
        /// instead, if a readable start of it fits (an error, a notice).
        public var shortens: Bool

        public init(_ text: String, rank: Int, shortens: Bool = false) {
            self.text = text
            self.rank = rank
            self.shortens = shortens
        }
    }

    /// The fewest cells a shortened segment keeps.
    public static let shortestKept = 12

    /// What stays, in order.
    public var left: [String]
    public var right: String?

    /// Cells between the left and the right part.
    public static let gap = 3

    /// The segments that fit `width` cells (the left part starts after one
    /// space, the right ends one cell before the edge).
    public init(left segments: [Segment], right: Segment?, width: Int) {
        var kept = segments.map { Optional($0) }
        var right = right
        func used() -> Int {
            let texts = kept.compactMap { $0?.text }
            let left = 1 + texts.map(DisplayWidth.of).reduce(0, +) + 3 * max(0, texts.count - 1)
            return left + (right.map { Self.gap + DisplayWidth.of($0.text) + 1 } ?? 0)
        }
        while used() > width {
            // The lowest rank goes; of equal ranks the later (the right part last of all its rank).
            let lowestLeft = kept.indices.filter { kept[$0] != nil }
                .min { (kept[$0]!.rank, -$0) < (kept[$1]!.rank, -$1) }
            if let r = right, lowestLeft.map({ r.rank <= kept[$0]!.rank }) ?? true {
                let room = DisplayWidth.of(r.text) - (used() - width)
                if r.shortens, room >= Self.shortestKept, DisplayWidth.of(r.text) > room {
                    right?.text = Self.shorten(r.text, to: room)
                    right?.shortens = false
                } else {
                    right = nil
                }
                continue
            }
            guard let at = lowestLeft else { break }
            if kept.compactMap({ $0 }).count == 1 {
                // Alone and still too long: shortened at a word's end.
                kept[at]!.text = Self.shorten(kept[at]!.text, to: max(1, width - 2))
                break
            }
            kept[at] = nil
        }
        left = kept.compactMap { $0?.text }
        self.right = right?.text
    }

    /// `text` cut at the end of a word so that it and "…" fit `width`.
    public static func shorten(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let cut = TextFit.truncate(text, to: width)
        guard cut.hasSuffix("…") else { return cut }
        var body = String(cut.dropLast())
        if let space = body.lastIndex(of: " "), body.distance(from: body.startIndex, to: space) > 0 {
            body = String(body[..<space])
        }
        while let last = body.last, last == " " || last == "·" { body.removeLast() }
        return body + "…"
    }
}
