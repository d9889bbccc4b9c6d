/// One token of a jq expression, as `JQReads` needs them: enough of jq's
/// lexer to tell a field read (`.a`, `."a b"`) from the input read whole
/// (`.`, `..`), a function from a variable, and where strings and their
/// interpolations (`"\(.a)"`) begin and end. Text it does not read makes
/// no tokens at all, and the reader then gives the whole input.
enum JQToken: Equatable, Sendable {
    /// `.`
    case dot
    /// `..`
    case recurse
    /// `.name` or `."name"`: a field of what comes before (or of the input).
    case field(String)
    /// A name: a function, or a keyword (`if`, `as`, `reduce`, `and`…).
    case name(String)
    /// `$name`.
    case variable(String)
    /// `@base64` and the like.
    case format(String)
    /// A number literal.
    case number
    /// A string literal: its text when it has no interpolation, and the
    /// tokens of each `\(…)` in it.
    case string(String?, [[JQToken]])
    /// Punctuation and operators: `|`, `,`, `(`, `==`, `//`, `|=`, `?`…
    case symbol(String)
}

/// jq's lexer, as far as `JQReads` needs it.
struct JQLexer {
    private let bytes: [UInt8]
    private var at = 0

    /// The tokens of `source`; nil when it holds something this lexer does not read.
    static func tokens(_ source: String) -> [JQToken]? {
        var lexer = JQLexer(bytes: Array(source.utf8))
        return lexer.lex(untilClose: false)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let symbols = ["?//", "|=", "+=", "-=", "*=", "/=", "%=", "//=", "==", "!=", "<=", ">=", "//",
                                  "|", ",", "(", ")", "[", "]", "{", "}", ":", ";", "?", "=", "<", ">",
                                  "+", "-", "*", "/", "%"].sorted { $0.utf8.count > $1.utf8.count }

    private func peek(_ offset: Int = 0) -> UInt8? {
        at + offset < bytes.count ? bytes[at + offset] : nil
    }

    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == 95
    }

    private static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) }

    private mutating func name() -> String {
        let start = at
        while let b = peek(), Self.isNameByte(b) { at += 1 }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// Tokens up to the end, or (inside `\(`) up to the `)` that closes it.
    private mutating func lex(untilClose: Bool) -> [JQToken]? {
        var tokens: [JQToken] = []
        var depth = 0
        while let b = peek() {
            switch b {
            case 32, 9, 10, 13:
                at += 1
            case UInt8(ascii: "#"):
                while let c = peek(), c != 10 { at += 1 }
            case UInt8(ascii: "."):
                if peek(1) == UInt8(ascii: ".") {
                    at += 2
                    tokens.append(.recurse)
                } else if let next = peek(1), Self.isNameStart(next) {
                    at += 1
                    tokens.append(.field(name()))
                } else if peek(1) == UInt8(ascii: "\"") {
                    at += 1
                    guard case .string(let text?, _)? = string() else { return nil }
                    tokens.append(.field(text))
                } else if let next = peek(1), next >= 48 && next <= 57 {
                    number()
                    tokens.append(.number)
                } else {
                    at += 1
                    tokens.append(.dot)
                }
            case UInt8(ascii: "$"):
                at += 1
                guard let next = peek(), Self.isNameStart(next) else { return nil }
                tokens.append(.variable(name()))
            case UInt8(ascii: "@"):
                at += 1
                tokens.append(.format(name()))
            case UInt8(ascii: "\""):
                guard let token = string() else { return nil }
                tokens.append(token)
            case 48...57:
                number()
                tokens.append(.number)
            default:
                if Self.isNameStart(b) {
                    let word = name()
                    // Modules (`a::b`) are not read here.
                    if peek() == UInt8(ascii: ":"), peek(1) == UInt8(ascii: ":") { return nil }
                    tokens.append(.name(word))
                    continue
                }
                guard let symbol = Self.symbols.first(where: { matches($0) }) else { return nil }
                if untilClose {
                    if symbol == "(" { depth += 1 }
                    if symbol == ")" {
                        if depth == 0 {
                            at += 1
                            return tokens
                        }
                        depth -= 1
                    }
                }
                at += symbol.utf8.count
                tokens.append(.symbol(symbol))
            }
        }
        return untilClose ? nil : tokens
    }

    private func matches(_ symbol: String) -> Bool {
        var offset = 0
        for unit in symbol.utf8 {
            guard peek(offset) == unit else { return false }
            offset += 1
        }
        return true
    }

    private mutating func number() {
        while let b = peek(), (b >= 48 && b <= 57) || b == UInt8(ascii: ".") { at += 1 }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            at += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { at += 1 }
            while let b = peek(), b >= 48 && b <= 57 { at += 1 }
        }
    }

    /// A string literal from its opening quote: its text (escapes read)
    /// when it has no interpolation, and its interpolations' tokens.
    private mutating func string() -> JQToken? {
        at += 1
        var text: [UInt8] = []
        var parts: [[JQToken]] = []
        while let b = peek() {
            at += 1
            switch b {
            case UInt8(ascii: "\""):
                return .string(parts.isEmpty ? String(decoding: text, as: UTF8.self) : nil, parts)
            case UInt8(ascii: "\\"):
                guard let e = peek() else { return nil }
                at += 1
                switch e {
                case UInt8(ascii: "("):
                    guard let inner = lex(untilClose: true) else { return nil }
                    parts.append(inner)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(e)
                case UInt8(ascii: "b"): text.append(8)
                case UInt8(ascii: "f"): text.append(12)
                case UInt8(ascii: "n"): text.append(10)
                case UInt8(ascii: "r"): text.append(13)
                case UInt8(ascii: "t"): text.append(9)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            default:
                text.append(b)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (a surrogate pair as one), after the `u`.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        func hex4() -> UInt32? {
            guard at + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
            else { return nil }
            at += 4
            return value
        }
        guard let high = hex4() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else { return nil }
        at += 2
        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
}
