extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (the same
    /// set as Foundation's `CharacterSet.whitespaces`: tab and the Unicode
    /// space separators), without Foundation: mapping calls this for every
    /// field of every item.
    public func trimmingWhitespace() -> SubSequence {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTrimmedWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isTrimmedWhitespace }) else { return self[endIndex...] }
        return self[first...last]
    }
}

extension Unicode.Scalar {
    /// What `trimmingWhitespace` removes: space, tab, Unicode space separators.
    package var isTrimmedWhitespace: Bool {
        self == " " || self == "\t" || (value >= 0x80 && properties.generalCategory == .spaceSeparator)
    }
}
