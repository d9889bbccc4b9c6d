/// Yes or no written as text: the one word list that a config value, a plist
/// string, a mapped `bool` field and a paging has-more flag are all read by.
/// Case and surrounding white space do not matter.
public enum BoolText {
    /// Words read as true.
    public static let trueWords: Set<String> = ["true", "yes", "y", "on", "1"]
    /// Words read as false.
    public static let falseWords: Set<String> = ["false", "no", "n", "off", "0"]

    /// The flag `text` says, or nil when it is none of the words (an empty
    /// text included).
    public static func value(_ text: some StringProtocol) -> Bool? {
        let word = text.trimmingWhitespace().lowercased()
        if trueWords.contains(word) { return true }
        if falseWords.contains(word) { return false }
        return nil
    }
}
