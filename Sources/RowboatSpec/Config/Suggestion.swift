/// "Did you mean …" for mistyped keys: the closest candidate by edit
/// distance, if it is close enough to be a likely typo.
public enum Suggestion {
    /// `; did you mean "x"?` for the closest candidate, or "" when none is close.
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    public static func closest(to word: String, in candidates: [String]) -> String? {
        closest(to: word, in: candidates, within: max(2, word.count / 3))
    }

    /// The closest candidate at most `within` edits away.
    public static func closest(to word: String, in candidates: [String], within: Int) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= within ? best.0 : nil
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
