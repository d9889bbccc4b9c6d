import RowboatSpec

/// What the help overlay shows for a state, worked out once for the
/// renderer and for the keys that turn its pages: the keys of what it was
/// opened over, a guessed config's section, the box's layout at the
/// terminal's size, the page shown, and the bottom line (the page and how
/// to turn it, the images note, how to close), whole words only.
public struct HelpScreen: Sendable {
    public var entries: [KeyHelp.Entry]
    public var title: String
    /// Lines under the keys (what a guessed config guessed), and the rows they take.
    public var section: [KeyHelp.Entry]
    public var sectionRows: Int
    /// Nil when not even a cut layout fits the terminal.
    public var layout: HelpLayout?
    /// The page shown (of `layout.pages`).
    public var page: Int
    public var footer: String

    public init(_ state: AppState, keyMap: KeyMap) {
        var base = state
        if case .help(let over) = state.overlay { base.overlay = over }
        entries = KeyHelp.entries(keyMap.bindings(in: base))
        title = state.guessed == nil ? "Keys" : "Keys · guessed config"
        section = state.guessed?.helpEntries ?? []
        let width = state.size.columns, height = state.size.rows
        // The section takes its lines (and a blank one) while the keys keep at least half the rows.
        sectionRows = section.isEmpty ? 0 : min(section.count + 1, max(0, (height - 4) / 2))
        let note = state.imagesInfo.map { "images: \($0)" }
        let close = "any key closes"
        layout = HelpLayout.best(entries, width: width, height: height - sectionRows,
                                 footerWidth: DisplayWidth.of((note.map { $0 + " · " } ?? "") + close))
        let pages = layout?.pages.count ?? 1
        page = min(max(0, state.helpPage), pages - 1)
        // The bottom line: the page and its keys first, the note only where it fits, no word cut.
        let turn = pages > 1 ? ["\(page + 1)/\(pages)", "↓↑ more", "any other key closes"] : [close]
        let room = (layout?.width ?? width) - 6
        var parts = turn
        if let note, DisplayWidth.of((parts + [note]).joined(separator: " · ")) <= room { parts.insert(note, at: pages > 1 ? 2 : 0) }
        while parts.count > 1, DisplayWidth.of(parts.joined(separator: " · ")) > room { parts.removeFirst() }
        footer = parts.joined(separator: " · ")
    }

    /// True when the help has more than one page.
    public var turnsPages: Bool { (layout?.pages.count ?? 1) > 1 }

    /// The page after (`delta` > 0) or before this one, nil past either end.
    public func turned(_ delta: Int) -> Int? {
        let next = page + delta
        return (0..<(layout?.pages.count ?? 1)).contains(next) ? next : nil
    }
}
