/// A key press as the app sees it, independent of the terminal library.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Shift-Tab.
    case backTab
    case function(Int)
    /// A mouse click or wheel notch (not bindable; handled per screen).
    case mouse(MouseEvent)
}
