/// Where a scan of JSON text stands with strings: inside one or not, and
/// whether the last byte was a backslash. The depth check and the streaming
/// scanners skip strings this way (brackets in a string are text): a byte
/// at a time (`closes`), or a run of bytes eight at a time (`skip`).
///
/// `skip` is a call from the scanners' module (a `package` function is not
/// inlined across modules, `@inlinable` or not); inlined into their loops,
/// measured, it made them slower, not faster.
package struct JSONStringScan: Sendable {
    package private(set) var inString = false
    private var escaped = false

    package init() {}

    /// A quote outside a string opened one.
    package mutating func open() { inString = true }

    /// Takes `byte` inside a string; true when it is the closing quote.
    @inline(__always)
    package mutating func closes(_ byte: UInt8) -> Bool {
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
            return true
        }
        return false
    }

    /// Takes `bytes[from..<end]` inside a string, as `closes` would one by
    /// one, up to the closing quote: its offset (the string is closed), or
    /// nil when the bytes end first (a backslash last is remembered, so an
    /// escape split between two pieces reads as one).
    package mutating func skip(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var at = from
        while true {
            if escaped {
                guard at < end else { return nil }
                escaped = false
                at += 1
            }
            at = Self.quoteOrBackslash(in: bytes, from: at, to: end)
            guard at < end else { return nil }
            if bytes[at] == UInt8(ascii: "\\") {
                escaped = true
                at += 1
            } else {
                inString = false
                return at
            }
        }
    }

    static let quotes: UInt64 = 0x2222_2222_2222_2222
    static let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C

    /// The offset of the first `"` or `\` in `bytes[from..<end]`, or `end`:
    /// eight bytes a word (of the bytes `TextBytes.zeroBytes` flags, the
    /// lowest is exact: those above a zero byte may be flagged too), the
    /// last few one by one.
    @inline(__always)
    static func quoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return end }
        var at = from
        while at + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            let found = TextBytes.zeroBytes(word ^ quotes) | TextBytes.zeroBytes(word ^ backslashes)
            if found != 0 { return at + found.trailingZeroBitCount >> 3 }
            at += 8
        }
        while at < end {
            let byte = base[at]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return at }
            at += 1
        }
        return end
    }
}
