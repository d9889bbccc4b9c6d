import RowboatSpec

/// How text compares in a local sort: a key made of each text once
/// (compared byte by byte afterwards, as `strxfrm` keys are), so a sort of
/// a million rows transforms a million texts, not twenty million pairs.
/// The user's collation (LC_ALL, LC_COLLATE, LANG, as sort(1) reads them)
/// is made by the runtime, which may read locale files; the core only
/// calls it. Two collations are equal when they have the same name.
public struct TextCollation: Sendable, Equatable, CustomStringConvertible {
    /// The locale's name ("en_US.UTF-8"), or "C" for code point order.
    public let name: String
    /// Appends the key of `utf8` (no NUL inside) to `key`; nil: the text's
    /// own bytes (UTF-8 bytes compare in code point order).
    let transform: (@Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void)?

    public init(name: String, transform: @escaping @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) {
        self.name = name
        self.transform = transform
    }

    init(codePointNamed name: String) {
        self.name = name
        transform = nil
    }

    /// Code point order: the C and POSIX locales' collation.
    public static let codePoint = TextCollation(codePointNamed: "C")

    /// Appends the key of `utf8` to `key`.
    @inline(__always)
    func appendKey(_ utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        if let transform { transform(utf8, &key) } else { key.append(contentsOf: utf8) }
    }

    public var description: String { name }

    public static func == (a: TextCollation, b: TextCollation) -> Bool { a.name == b.name }
}
