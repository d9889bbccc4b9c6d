import Testing
import RowboatSpec
@testable import RowboatTerminal

/// Notifications as the terminal takes them: the kind picked from the
/// terminal's environment, the bytes of OSC 9, 777 and 99, tmux's
/// passthrough, and nothing in the text that could end the sequence.
@Suite struct TerminalNotificationTests {
    @Test func autoPicksTheTerminalsOwnKind() {
        func route(_ env: [String: String], notifySend: Bool = false) -> TerminalNotification.Route {
            TerminalNotification.route(.auto, environment: env, hasNotifySend: notifySend)
        }
        #expect(route(["TERM": "xterm-kitty"]) == .osc99)
        #expect(route(["TERM_PROGRAM": "WezTerm"]) == .osc9)
        #expect(route(["TERM": "foot"]) == .osc777 && route(["VTE_VERSION": "7600"]) == .osc777)
        #expect(route(["TERM": "xterm", "DISPLAY": ":0"], notifySend: true) == .notifySend)
        #expect(route(["TERM": "xterm", "DISPLAY": ":0"]) == .bell && route(["TERM": "screen"]) == .bell)
        #expect(TerminalNotification.route(.osc777, environment: ["TERM": "xterm-kitty"], hasNotifySend: true) == .osc777)
    }

    @Test func theSequencesAndTmuxsPassthrough() {
        let osc9 = TerminalNotification.bytes(title: "Market", text: "ACME now 12", route: .osc9, tmux: false)
        #expect(String(decoding: osc9, as: UTF8.self) == "\u{1B}]9;Market: ACME now 12\u{07}")
        let osc777 = TerminalNotification.bytes(title: "a;b", text: "t", route: .osc777, tmux: false)
        #expect(String(decoding: osc777, as: UTF8.self) == "\u{1B}]777;notify;a,b;t\u{07}")
        let osc99 = TerminalNotification.bytes(title: "T", text: "body", route: .osc99, tmux: false)
        #expect(String(decoding: osc99, as: UTF8.self) == "\u{1B}]99;i=1:d=0;T\u{1B}\\\u{1B}]99;i=1:d=1:p=body;body\u{1B}\\")
        let wrapped = TerminalNotification.bytes(title: "", text: "x", route: .osc9, tmux: true)
        #expect(String(decoding: wrapped, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}]9;x\u{07}\u{1B}\\")
        #expect(TerminalNotification.bytes(title: "", text: "x", route: .bell, tmux: true) == [0x07])
    }

    @Test func nothingInTheTextEndsTheSequence() {
        let bytes = TerminalNotification.bytes(title: "t\u{1B}\\", text: "a\u{07}b\u{9C}c\u{1B}]52;c;eA==\u{07}", route: .osc9, tmux: false)
        let inner = bytes.dropFirst(4).dropLast()
        #expect(!inner.contains(0x1B) && !inner.contains(0x07) && !String(decoding: inner, as: UTF8.self).contains("\u{9C}"))
    }
}
