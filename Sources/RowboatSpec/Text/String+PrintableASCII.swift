extension StringProtocol {
    /// True when every byte is printable ASCII (0x20...0x7E): one column
    /// per byte, nothing to sanitize. Text layout takes a byte loop instead
    /// of grapheme breaking for such text, which most list text is.
    @inlinable
    public var isPrintableASCII: Bool {
        if let answer = utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.allSatisfy { $0 &- 0x20 < 0x5F }
        }) {
            return answer
        }
        return utf8.allSatisfy { $0 &- 0x20 < 0x5F }
    }
}
