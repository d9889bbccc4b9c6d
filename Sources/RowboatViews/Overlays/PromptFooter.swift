import RowboatCore
import RowboatSpec

/// The bottom line of a panel while something is typed on it (a filter's
/// value or an expression column's jq in the columns panel, a view's name):
/// a label, the text so far with its end kept in view and the cursor, then
/// the prompt's keys, named from its own key table with the words of what
/// they do there (`TableHint`) — as many as leave the text its room.
public enum PromptFooter {
    /// The room kept for the text before a key is left out (less while
    /// the text is shorter: the keys go as it grows).
    static let textRoom = 16

    /// The line for a box `width` cells wide; `keys` as `TableHint.parts` gives them.
    public static func line(label: String, typed: String, keys: [String], width: Int) -> String {
        // The frame's corners, rules and spaces take 7 cells of the bottom line.
        let room = width - 7
        let head = DisplayWidth.of(label) + 2
        var keys = keys
        func tail() -> String { keys.map { " · " + $0 }.joined() }
        let kept = min(textRoom, max(4, DisplayWidth.of(typed)))
        while !keys.isEmpty, head + kept + 1 + DisplayWidth.of(tail()) > room { keys.removeLast() }
        let textWidth = max(2, room - head - 1 - DisplayWidth.of(tail()))
        var shown = typed
        while DisplayWidth.of(shown) > textWidth, !shown.isEmpty { shown.removeFirst() }
        return "\(label): \(shown)▏" + tail()
    }
}
