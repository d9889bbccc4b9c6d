import Testing
@testable import RowboatTerminal

/// OSC 52 as the terminal takes it: the text in base64, secrets taken out,
/// nothing past the limit.
@Suite struct TerminalClipboardTests {
    @Test func theTerminalsClipboardGetsTheTextWithoutSecrets() {
        let sequence = String(decoding: TerminalClipboard.sequence("€1.50")!, as: UTF8.self)
        #expect(sequence == "\u{1B}]52;c;4oKsMS41MA==\u{07}")
        #expect(TerminalClipboard.sequence(String(repeating: "x", count: TerminalClipboard.limit + 1)) == nil)
    }
}
