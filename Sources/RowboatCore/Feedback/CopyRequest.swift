import Foundation
import RowboatSpec

/// Text to put on the clipboard and what it is, for the toast that says it
/// was copied ("the link", "3 links", "Price"). The run loop sends it to
/// the terminal's own clipboard (OSC 52: over SSH and in terminals that
/// take it) and the effect runner to the local tool (tmux, Wayland, X11);
/// a registered secret is taken out of it first, as from all that leaves.
public struct CopyRequest: Sendable, Equatable {
    public var text: String
    public var what: String
    /// Set by the run loop: the terminal was sent the text (OSC 52).
    public var sentToTerminal = false

    public init(_ text: String, what: String) {
        self.text = text
        self.what = what
    }

    /// The most text sent to the terminal (base64 makes a third more):
    /// terminals cap OSC 52 near 100 KB.
    public static let terminalLimit = 74_000

    /// The OSC 52 sequence that sets the terminal's clipboard to `text`
    /// (secrets taken out); nil past `terminalLimit`.
    public static func terminalSequence(_ text: String) -> [UInt8]? {
        let clean = Secrets.redact(text)
        guard clean.utf8.count <= terminalLimit else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(clean.utf8).base64EncodedString().utf8) + [0x07]
    }
}
