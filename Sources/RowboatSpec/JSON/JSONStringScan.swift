/// Where a byte-by-byte scan of JSON text stands with strings: inside one
/// or not, and whether the last byte was a backslash. The depth check and
/// the streaming list scanner both skip strings this way (brackets in a
/// string are text).
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
}
