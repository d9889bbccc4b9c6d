/// Text to put on the clipboard and what it is, for the toast that says it
/// was copied ("the link", "3 links", "Price"). The run loop sends it to
/// the terminal's own clipboard (`TerminalClipboard`, OSC 52: over SSH and in terminals that
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
}
