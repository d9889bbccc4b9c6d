/// Writes text as a YAML scalar that Rowboat's loader reads back exactly:
/// plain when that is unambiguous, else double-quoted with escapes; `$` is
/// doubled so `${NAME}` expansion leaves it alone.
package enum YAMLScalar {
    package static func value(_ text: String) -> String {
        quoted(text.replacingOccurrences(of: "$", with: "$$"), allowPlain: true)
    }

    /// A mapping key (keys are not expanded, so `$` stays single).
    package static func key(_ text: String) -> String {
        quoted(text, allowPlain: true)
    }

    package static func quoted(_ text: String, allowPlain: Bool) -> String {
        if allowPlain, isPlainSafe(text) { return text }
        return DoubleQuoted.literal(text) { v in
            // U+FFFE and U+FFFF: YAML refuses them unescaped anywhere in a file.
            v == 0xFEFF || v == 0xFFFE || v == 0xFFFF || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
                || (0x200B...0x200F).contains(v)
        }
    }

    static let plainFirst = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/.")
    static let plainRest = plainFirst.union(":-+@")

    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.first, plainFirst.contains(first), !text.hasSuffix(":") else { return false }
        return text.dropFirst().allSatisfy { plainRest.contains($0) }
    }
}
