import Testing
import RowboatSpec
@testable import RowboatTerminal
import RowboatCells

/// The start-up detection's pure half: parsing what terminals answer
/// (answers, nothing, garbage) and choosing how thumbnails are drawn.
@Suite struct TerminalGraphicsTests {
    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let xtermDA1 = "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"
    static let plainDA1 = "\u{1B}[?62;22c"

    func parse(_ text: String) -> TerminalAnswers { TerminalAnswers.parse(Array(text.utf8)) }

    @Test func kittyAnswersTheGraphicsQueryAndItsVersion() {
        let a = parse(Self.kittyOK + "\u{1B}[6;20;10t" + "\u{1B}P>|kitty(0.31.2)\u{1B}\\" + Self.plainDA1)
        #expect(a.kittyGraphics && a.complete && !a.sixel)
        #expect(a.cellWidth == 10 && a.cellHeight == 20)
        #expect(a.version == "kitty(0.31.2)")
    }

    @Test func xtermVT340AnswersDA1With4() {
        let a = parse("\u{1B}P>|XTerm(379)\u{1B}\\" + Self.xtermDA1)
        #expect(a.sixel && !a.kittyGraphics && a.version == "XTerm(379)")
        #expect(a.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 16, 22, 28])
    }

    @Test func noAnswerIsIncomplete() {
        let a = parse("")
        #expect(!a.complete && !a.kittyGraphics && !a.sixel && a.version == nil)
    }

    @Test func garbageAroundTheAnswersIsSkipped() {
        let junk = "jk\u{1B}[A\u{1B}\u{1B}[?\u{7F}x\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[6;0;0t\u{1B}P>|\u{01}evil\u{1B}\u{1B}[9999999999999;5c"
        let a = parse(junk + Self.plainDA1)
        #expect(!a.kittyGraphics, "an error reply is not OK")
        #expect(a.cellWidth == nil, "a zero cell size is no size")
        #expect(a.version == "evil")
        #expect(a.complete && !a.sixel)
        // Cut short inside a sequence: nothing read past the end.
        #expect(!parse("\u{1B}[?63;4").complete)
        #expect(!parse("\u{1B}_Gi=31;O").kittyGraphics)
    }

    func choose(_ mode: ImageMode = .auto, env: [String: String] = ["TERM": "xterm-256color"], answers: TerminalAnswers?,
                passthrough: Bool = false, colors: Bool = true) -> TerminalGraphics {
        TerminalGraphics.choose(mode: mode, environment: env, answers: answers, tmuxPassthrough: passthrough,
                                colorsAllowed: colors, windowCell: nil)
    }

    @Test func autoFollowsTheAnswers() {
        #expect(choose(answers: parse(Self.xtermDA1)).pixels?.proto == .sixel)
        #expect(choose(answers: parse(Self.xtermDA1)).reason == "sixel (the terminal answered)")
        let kitty = parse(Self.kittyOK + "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + Self.plainDA1)
        #expect(choose(answers: kitty).pixels?.proto == .kitty, "0.26 has no placeholders")
        let newKitty = parse(Self.kittyOK + "\u{1B}[6;18;9t\u{1B}P>|kitty(0.35.0)\u{1B}\\" + Self.plainDA1)
        let chosen = choose(answers: newKitty).pixels
        #expect(chosen == PixelFormat(proto: .kittyPlaceholders, cellWidth: 9, cellHeight: 18))
        #expect(choose(answers: parse(Self.plainDA1)).choice == .symbols)
        #expect(choose(answers: parse("")).reason == "symbols (the terminal shows no pixel protocol)")
        #expect(choose(env: ["TERM_PROGRAM": "WezTerm"], answers: parse(Self.plainDA1)).pixels?.proto == .iterm)
        #expect(choose(env: ["TERM": "xterm-kitty"], answers: parse("")).pixels?.proto == .kitty)
    }

    @Test func aChosenModeWinsOverTheAnswers() {
        #expect(choose(.sixel, answers: parse(Self.plainDA1)).pixels?.proto == .sixel)
        #expect(choose(.sixel, answers: nil).reason == "sixel (chosen)")
        #expect(choose(.iterm, answers: nil).pixels?.proto == .iterm)
        #expect(choose(.symbols, answers: parse(Self.xtermDA1)).choice == .symbols)
        #expect(choose(.off, answers: parse(Self.xtermDA1)).choice == .off)
    }

    @Test func noColourNeverSendsPictures() {
        let g = choose(.sixel, answers: parse(Self.xtermDA1), colors: false)
        #expect(g.choice == .symbols && g.reason.contains("NO_COLOR"))
    }

    @Test func insideTmuxOnlyPlaceholdersThroughPassthrough() {
        let env = ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]
        #expect(choose(env: env, answers: parse(Self.plainDA1)).reason == "symbols (inside tmux without allow-passthrough)")
        let through = choose(env: env, answers: parse(Self.plainDA1), passthrough: true).pixels
        #expect(through?.proto == .kittyPlaceholders && through?.tmuxPassthrough == true)
        #expect(choose(.sixel, env: ["TMUX": "x"], answers: nil, passthrough: true).choice == .symbols)
    }

    /// What docs/config.md and cli.md say of a forced protocol: "whatever
    /// the terminal answers", but not through tmux without passthrough
    /// (symbols, for every forced protocol), and through it only kitty's
    /// placeholders.
    @Test func aForcedProtocolInsideTmuxIsAsDocumented() {
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0"]
        for mode in [ImageMode.kitty, .sixel, .iterm] {
            #expect(choose(mode, env: tmux, answers: nil).reason == "symbols (inside tmux without allow-passthrough)")
        }
        #expect(choose(.kitty, env: tmux, answers: nil, passthrough: true).pixels?.proto == .kittyPlaceholders)
        #expect(choose(.sixel, env: tmux, answers: nil, passthrough: true).reason == "symbols (sixel cannot be placed through tmux)")
        #expect(choose(.iterm, env: tmux, answers: nil, passthrough: true).reason == "symbols (iterm cannot be placed through tmux)")
    }

    @Test func cellSizeFromTheAnswerElseTheWindowElseADefault() {
        let window = TerminalGraphics.choose(mode: .sixel, environment: [:], answers: parse(Self.xtermDA1),
                                             tmuxPassthrough: false, colorsAllowed: true, windowCell: (7, 15))
        #expect(window.pixels?.cellWidth == 7 && window.pixels?.cellHeight == 15)
        #expect(choose(.sixel, answers: nil).pixels?.cellWidth == 10)
    }
}
