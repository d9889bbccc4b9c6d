import Foundation
import RowboatSpec

/// The terminal's own clipboard: the OSC 52 sequence that sets it (what
/// reaches the user's machine over SSH), written by `NCursesScreen` after
/// what ncurses has drawn.
public enum TerminalClipboard {
    /// The most text sent to the terminal (base64 makes a third more):
    /// terminals cap OSC 52 near 100 KB.
    public static let limit = 74_000

    /// The OSC 52 sequence that sets the terminal's clipboard to `text`
    /// (secrets taken out); nil past `limit`.
    public static func sequence(_ text: String) -> [UInt8]? {
        let clean = Secrets.redact(text)
        guard clean.utf8.count <= limit else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(clean.utf8).base64EncodedString().utf8) + [0x07]
    }
}
