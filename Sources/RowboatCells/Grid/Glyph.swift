/// What one cell shows: a grapheme cluster's UTF-8, held inline in 31
/// bytes (the 32nd is the count). A cell is therefore plain data: a frame
/// of ten thousand cells is made, compared with the last one and freed
/// without a reference count touched. A longer cluster (long emoji
/// sequences, a pile of combining marks) keeps the whole scalars at its
/// start that fit; the terminal draws a cell's base and its combining
/// marks, never more.
public struct Glyph: Sendable, Hashable {
    @usableFromInline var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    /// Bytes a glyph holds at most.
    public static let capacity = 31

    /// No text: the right half of a wide character.
    @inlinable
    public init() { (w0, w1, w2, w3) = (0, 0, 0, 0) }

    /// One ASCII byte (the caller knows it is one).
    @inlinable
    public init(ascii byte: UInt8) {
        self.init()
        withUnsafeMutableBytes(of: &self) { bytes in
            bytes[0] = byte
            bytes[Self.capacity] = 1
        }
    }

    /// The cluster's UTF-8, cut at a scalar boundary after 31 bytes.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { Glyph(utf8: $0) }
    }

    /// The character's UTF-8, cut at a scalar boundary after 31 bytes.
    public init(_ character: Character) {
        self.init(String(character))
    }

    /// The bytes, cut at a scalar boundary after 31 bytes.
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        self.init()
        var count = min(utf8.count, Self.capacity)
        // Never half a scalar: step back over continuation bytes.
        if count < utf8.count {
            while count > 0, utf8[count] & 0xC0 == 0x80 { count -= 1 }
        }
        withUnsafeMutableBytes(of: &self) { bytes in
            for i in 0..<count { bytes[i] = utf8[i] }
            bytes[Self.capacity] = UInt8(count)
        }
    }

    /// A space: what a blank cell shows.
    @inlinable
    public static var space: Glyph { Glyph(ascii: 0x20) }

    /// How many bytes of UTF-8 it holds (0 for the right half of a wide
    /// character).
    @inlinable
    public var count: Int { withUnsafeBytes(of: self) { Int($0[Self.capacity]) } }

    /// The byte if the glyph is one ASCII byte.
    @inlinable
    public var ascii: UInt8? {
        withUnsafeBytes(of: self) { $0[Self.capacity] == 1 && $0[0] < 0x80 ? $0[0] : nil }
    }

    /// Its UTF-8 bytes, for as long as `body` runs.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: self) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<Int($0[Self.capacity])])) }
    }

    /// The cluster as a string.
    public var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
