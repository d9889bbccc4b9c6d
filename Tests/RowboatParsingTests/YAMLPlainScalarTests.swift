import Testing
import Yams
@testable import RowboatParsing

/// `YAMLPlainScalar` decides a plain scalar's type as Yams' default
/// resolver (its regular expressions) does, for the types the config
/// keeps: null, bool, int, float, and text for the rest.
@Suite("YAML plain scalars: typed as Yams' resolver types them")
struct YAMLPlainScalarTests {
    /// Yams' own answer, in the same five kinds.
    static func yams(_ text: String) -> YAMLPlainScalar {
        switch Resolver.default.resolveTag(of: Node.scalar(Node.Scalar(text))) {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .float: .float
        default: .text
        }
    }

    static func mismatches(_ texts: some Sequence<String>) -> [String] {
        texts.filter { YAMLPlainScalar($0) != yams($0) }.map { "\($0.debugDescription): ours \(YAMLPlainScalar($0)), Yams \(yams($0))" }
    }

    @Test("every string of up to four of the characters the rules read")
    func everyShortString() {
        let alphabet = ["0", "1", "5", "7", "9", "_", "+", "-", ".", ":", "e", "E", "x", "b", "o", "~", "\n"]
        var texts: [String] = [""]
        var last: [String] = [""]
        for _ in 1...4 {
            last = last.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += last
        }
        let wrong = Self.mismatches(texts)
        #expect(wrong.isEmpty, "\(wrong.count) of \(texts.count): \(wrong.prefix(20))")
    }

    @Test("longer numbers, seeded: sexagesimal groups, exponents, underscores, prefixes")
    func longerStrings() {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let parts = ["0", "1", "2", "5", "6", "9", "12", "59", "60", "_", "+", "-", ".", ":", "e", "E", "e+", "e-",
                     "0x", "0b", "0o", "ff", "FA", "7", "8", "inf", "nan", "\n", "\r\n"]
        let texts = (0..<20_000).map { _ in (0..<(2 + next(7))).map { _ in parts[next(parts.count)] }.joined() }
        let wrong = Self.mismatches(texts)
        #expect(wrong.isEmpty, "\(wrong.count) of \(texts.count): \(wrong.prefix(20))")
    }

    @Test("words, casings and the line breaks a final $ lets through")
    func words() {
        let words = ["yes", "Yes", "YES", "yEs", "no", "No", "NO", "nO", "true", "True", "TRUE", "tRUE", "false", "False",
                     "FALSE", "on", "On", "ON", "oN", "off", "Off", "OFF", "y", "n", "null", "Null", "NULL", "nULL", "~",
                     "~~", "", " ", ".inf", ".Inf", ".INF", "-.inf", "+.Inf", ".iNF", ".nan", ".NaN", ".NAN", "-.nan",
                     "+.nan", "<<", "=", "2024-01-02", "2024-1-2T3:04:05.5Z", "1:30", "1:30.5", "0:30", "0:30.5",
                     "190:20:30", "1:60", "1:6", "1:65.0", "0x", "0b", "0o", "0o", "0o7", "-0x_F", "+0b_", "0_", "00",
                     "08", "09.5", "1e5", "1E+5", "1e", ".5e3", ".5e+3", "1.e5", "1_000.000_1", "٣", "１", "true\u{0085}",
                     "1\u{2028}", "1\u{2029}", "null\u{000B}", "1\u{000C}", "1\r", "1\n\n", "\n", "\r\n", "yes\r\n", "1 "]
        let wrong = Self.mismatches(words)
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// The config reads values through it: a request body keeps YAML's types.
    @Test("a config's request body keeps YAML's types")
    func configBody() throws {
        let config = try ConfigLoader.parse("""
            server: http://127.0.0.1:1
            interfaces:
              items:
                url: /items
                method: POST
                item: {id: id, title: name}
                body: {a: 5, b: "5", c: yes, d: ~, e: 1.5, f: 0x1F, g: 1_000, h: .inf1, i: "true", j: 1:30, k: 'null', l: [on, 2]}
            """, file: "t.yaml")
        #expect(config.endpoints.first?.body == .object([
            "a": .int(5), "b": .string("5"), "c": .bool(true), "d": .null, "e": .double(1.5), "f": .int(31),
            "g": .int(1000), "h": .string(".inf1"), "i": .string("true"), "j": .int(90), "k": .string("null"),
            "l": .array([.bool(true), .int(2)]),
        ]))
    }
}
