#if canImport(Glibc)
import Glibc
#endif
import RowboatCore
import RowboatSpec

/// The user's collation for the local sort, as sort(1) finds it: the
/// locale named by `LC_ALL`, else `LC_COLLATE`, else `LANG`, its keys made
/// by the C library (`strxfrm_l`). The C and POSIX locales, and a locale
/// the system does not have, compare by code point.
package enum LocaleCollation {
    package static func fromEnvironment(_ environment: [String: String]) -> TextCollation {
        let name = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        return named(name)
    }

    /// The collation of locale `name` (code point order when it is C,
    /// POSIX, or not installed).
    package static func named(_ name: String) -> TextCollation {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        guard base != "C", base != "POSIX", let locale = newlocale(LC_COLLATE_MASK, name, nil) else {
            return .codePoint
        }
        let handle = LocaleHandle(locale)
        return TextCollation(name: name) { utf8, key in handle.appendKey(utf8, to: &key) }
    }
}

/// A C library locale, kept for the whole run (collation keys are made
/// with it from any thread: `strxfrm_l` only reads it).
private final class LocaleHandle: @unchecked Sendable {
    let locale: locale_t

    init(_ locale: locale_t) {
        self.locale = locale
    }

    func appendKey(_ utf8: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var text = [CChar](repeating: 0, count: utf8.count + 1)
        for (i, byte) in utf8.enumerated() { text[i] = CChar(bitPattern: byte == 0 ? 0x20 : byte) }
        var out = [CChar](repeating: 0, count: utf8.count * 4 + 16)
        var length = strxfrm_l(&out, text, out.count, locale)
        if length >= out.count {
            out = [CChar](repeating: 0, count: length + 1)
            length = strxfrm_l(&out, text, out.count, locale)
        }
        for i in 0..<min(length, out.count) { key.append(UInt8(bitPattern: out[i])) }
    }
}
