/// Frames of the loading spinner; the run loop advances the frame only while
/// something is loading, so an idle screen never redraws.
public enum Spinner {
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public static func frame(_ n: Int) -> Character {
        frames[((n % frames.count) + frames.count) % frames.count]
    }
}
