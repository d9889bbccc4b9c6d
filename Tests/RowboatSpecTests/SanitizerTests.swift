import Testing
@testable import RowboatSpec

@Suite("Sanitizer")
struct SanitizerTests {
    func scalars(_ values: ClosedRange<UInt32>) -> [Character] {
        values.compactMap(Unicode.Scalar.init).map(Character.init)
    }

    @Test func removesC0ControlsAndDEL() {
        for v: UInt32 in Array(0x00...0x08) + Array(0x0E...0x1F) + [0x7F] {
            let s = "a" + String(Unicode.Scalar(v)!) + "b"
            #expect(Sanitizer.clean(s) == "ab", "U+\(String(v, radix: 16))")
        }
    }

    @Test func removesC1ControlsIncludingCSI() {
        for v: UInt32 in 0x80...0x9F {
            let s = "a" + String(Unicode.Scalar(v)!) + "b"
            #expect(Sanitizer.clean(s) == "ab", "U+\(String(v, radix: 16))")
        }
        #expect(Sanitizer.clean("\u{9B}31mred") == "31mred")
    }

    @Test func removesEscapeAndBell() {
        #expect(Sanitizer.clean("\u{1B}[31mred\u{1B}[0m") == "[31mred[0m")
        #expect(Sanitizer.clean("\u{1B}]0;pwned\u{07}title") == "]0;pwnedtitle")
        #expect(Sanitizer.clean("ding\u{07}") == "ding")
    }

    @Test func removesBidiOverridesAndIsolates() {
        for v: UInt32 in Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F] {
            let s = "a" + String(Unicode.Scalar(v)!) + "b"
            #expect(Sanitizer.clean(s) == "ab", "U+\(String(v, radix: 16))")
        }
        #expect(Sanitizer.clean("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    }

    @Test func removesZeroWidthAndBOM() {
        for v: UInt32 in [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF] {
            let s = "a" + String(Unicode.Scalar(v)!) + "b"
            #expect(Sanitizer.clean(s) == "ab", "U+\(String(v, radix: 16))")
        }
        #expect(Sanitizer.clean("\u{FEFF}{\"a\":1}") == "{\"a\":1}")
    }

    @Test func newlinesAndTabsBecomeOneSpace() {
        #expect(Sanitizer.clean("a\nb") == "a b")
        #expect(Sanitizer.clean("a\tb") == "a b")
        #expect(Sanitizer.clean("a\r\nb") == "a b")
        #expect(Sanitizer.clean("a\n\t\n\tb") == "a b")
        #expect(Sanitizer.clean("a\u{2028}b\u{2029}c") == "a b c")
        #expect(Sanitizer.clean("a\u{0B}\u{0C}b") == "a b")
        #expect(Sanitizer.clean("a\n\u{200B}\nb") == "a b")
    }

    @Test func cleanStringsAreReturnedUnchanged() {
        for s in ["", "Hello, world", "青花瓷茶杯 Teacup", "Rocket 🚀 Launcher", "café", "e\u{301}", "👍🏽", "a  b", "¥100 — ok"] {
            #expect(Sanitizer.isClean(s))
            #expect(Sanitizer.clean(s) == s)
        }
        #expect(!Sanitizer.isClean("a\nb"))
    }

    @Test func idempotent() {
        let samples = ["\u{1B}[1mbold\u{1B}[0m\n\tnext", "a \n b", "\u{9B}\u{202E}x\u{200B}y\u{FEFF}",
                       String(repeating: "ab\n", count: 3000), "plain", "\n\n\n", "中\u{0}文"]
        for s in samples {
            let once = Sanitizer.clean(s)
            #expect(Sanitizer.clean(once) == once)
            #expect(Sanitizer.isClean(once))
            let capped = Sanitizer.clean(s, limit: 7)
            #expect(Sanitizer.clean(capped, limit: 7) == capped)
        }
    }

    @Test func capsTheLength() {
        #expect(Sanitizer.defaultLimit == 4096)
        #expect(Sanitizer.clean(String(repeating: "a", count: 5000)).count == 4096)
        #expect(Sanitizer.clean("abcdefghij", limit: 4) == "abcd")
        #expect(Sanitizer.clean("abcd", limit: 4) == "abcd")
        #expect(Sanitizer.clean(String(repeating: "\u{1B}", count: 100) + "abc", limit: 2) == "ab")
        #expect(Sanitizer.clean("中文中文中文", limit: 3) == "中文中")
        #expect(Sanitizer.clean("a\n\n\nb\n\n\nc", limit: 3) == "a b")
    }
}
