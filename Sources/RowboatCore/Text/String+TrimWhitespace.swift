extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (the same
    /// set as Foundation's `CharacterSet.whitespaces`: tab and the Unicode
    /// space separators), without Foundation: mapping calls this for every
    /// field of every item.
    public func trimmingWhitespace() -> SubSequence {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (scalar.value >= 0x80 && scalar.properties.generalCategory == .spaceSeparator)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
