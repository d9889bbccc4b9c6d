import RowboatSpec
import Testing
import RowboatTestSupport

/// Inputs the fuzzers (Fuzz/) found, kept as regression tests.
@Suite("Hostile text: fuzz findings")
struct HostileTextRegressionTests {
    @Test func noncharactersAreDroppedAndYAMLEscapesThem() {
        // FuzzOpenAPI: a title holding U+FFFF went into a draft's comment, and YAML refuses it.
        #expect(Sanitizer.clean("a\u{FFFF}b\u{FFFE}c") == "abc")
        #expect(!Sanitizer.isClean("a\u{FFFF}", limit: .max))
        #expect(YAMLScalar.value("a\u{FFFE}\u{FFFF}") == "\"a\\uFFFE\\uFFFF\"")
    }

    @Test func theScalarBudgetLeavesNoDanglingJoiner() {
        // Cap 1 → a budget of 4 scalars, which ended right after a joiner.
        let family = "😀\u{200D}😀\u{200D}😀\u{200D}😀"
        let cleaned = Sanitizer.clean(family, limit: 1)
        #expect(cleaned.unicodeScalars.last?.value != 0x200D)
        #expect(Sanitizer.isClean(cleaned, limit: .max))
    }

    @Test func theCharacterCapLeavesNoDanglingJoiner() {
        // A joiner before a flag letter is not part of the emoji's cluster,
        // so cutting after "👨‍" kept the joiner.
        let text = "family 👨\u{200D}🇹 keycap"
        let cleaned = Sanitizer.clean(text, limit: 8)
        #expect(cleaned == "family 👨")
        #expect(Sanitizer.isClean(cleaned, limit: .max))
        #expect(Sanitizer.clean(cleaned, limit: 8) == cleaned)
    }
}

@Suite("Hostile text: isClean agrees with clean")
struct HostileTextAgreementTests {
    @Test func aJoinerAfterVS16OrASkinToneIsCleanOnlyAfterAnEmoji() {
        // ❤️‍🔥 and 👋🏽‍♂️ are whole emoji: clean keeps them, and isClean
        // (the fast path) used to say they needed cleaning.
        for text in ["❤\u{FE0F}\u{200D}🔥", "👋🏽\u{200D}♂\u{FE0F}"] {
            #expect(Sanitizer.clean(text) == text)
            #expect(Sanitizer.isClean(text))
        }
        // A skin tone after a letter is not an emoji base: clean drops the
        // joiner, and isClean used to call it clean.
        let odd = "a🏽\u{200D}😀"
        #expect(Sanitizer.clean(odd) == "a🏽😀")
        #expect(!Sanitizer.isClean(odd))
    }
}
