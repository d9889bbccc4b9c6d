import Testing
@testable import RowboatSpec

/// Command lines shown as a shell reads them back: bare words bare, the
/// rest single-quoted, controls and invisible characters as `$'…'` escapes.
@Suite("Shell words")
struct ShellWordsTests {
    @Test func eachArgumentIsOneWordAsAShellReadsIt() {
        #expect(ShellWords.line(["git", "-C", "/tmp/a b", "log", "--", "x=1", ""]) == "git -C '/tmp/a b' log -- 'x=1' ''")
        #expect(ShellWords.quote("it's") == "'it'\\''s'")
        #expect(ShellWords.quote("$(touch x) `id` ;|&><*?~") == "'$(touch x) `id` ;|&><*?~'")
        #expect(ShellWords.quote("line one\nline two\t.") == "$'line one\\nline two\\t.'")
        #expect(ShellWords.quote("\u{1B}]0;x\u{07} it's \\") == "$'\\x1B]0;x\\x07 it\\'s \\\\'")
        #expect(ShellWords.quote("\u{202E}txt") == "$'\\u202Etxt'")
        #expect(ShellWords.quote("ä€🚀") == "'ä€🚀'")
    }
}
