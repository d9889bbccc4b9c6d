import RowboatSpec

/// What `rowboat URL` guessed when it browses a URL without a config: the
/// probe's lines (list, fields, paging, what its walk verified, where the
/// credentials are read from) and how to keep the draft. The status bar
/// says the config was guessed; the help overlay lists these lines under
/// the keys.
public struct GuessedConfig: Sendable, Equatable {
    /// Label and text, in order (`paging` → `page, sizeParam per_page`).
    public var lines: [KeyHelp.Entry]
    /// Where `--save` wrote the draft, if it did.
    public var savedTo: String?

    public init(lines: [KeyHelp.Entry], savedTo: String? = nil) {
        self.lines = lines
        self.savedTo = savedTo
    }

    /// The help overlay's entries: the guess, then how to keep it.
    public var helpEntries: [KeyHelp.Entry] {
        let keep = savedTo.map { "saved to \($0)" } ?? "run again with --save FILE to keep this draft"
        return lines.map { KeyHelp.Entry(keys: Sanitizer.clean($0.keys, limit: 24), action: Sanitizer.clean($0.action, limit: 300)) }
            + [KeyHelp.Entry(keys: "keep it", action: Sanitizer.clean(keep, limit: 300))]
    }
}
