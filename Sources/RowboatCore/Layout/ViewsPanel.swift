import RowboatSpec

/// The open views panel (`V`): the endpoint's views — the config's
/// first, then those saved — the line under the cursor, a name being
/// typed to save the list as it is, and a saved view asked to be deleted
/// (a second `d` deletes it).
public struct ViewsPanel: Sendable, Equatable {
    public var cursor: Int
    /// The name being typed for the view to save (nil: not typing).
    public var typed: String?
    /// The saved view a first `d` asked about (by name).
    public var deleting: String?

    public init(cursor: Int = 0, typed: String? = nil, deleting: String? = nil) {
        self.cursor = cursor
        self.typed = typed
        self.deleting = deleting
    }

    /// One line of the panel: a view, and whether the config declares it
    /// (those cannot be deleted here).
    public struct Line: Sendable, Equatable {
        public var view: ViewSpec
        public var declared: Bool
    }

    /// The config's views (`declared`), then the saved ones whose names
    /// the config does not take.
    public static func lines(declared: [ViewSpec], saved: [ViewSpec]) -> [Line] {
        let names = Set(declared.map(\.name))
        return declared.map { Line(view: $0, declared: true) }
            + saved.filter { !names.contains($0.name) }.map { Line(view: $0, declared: false) }
    }
}

/// What the views panel's keys do.
public enum ViewsAction: Sendable, Equatable {
    case open
    case move(Int)
    /// Apply the view under the cursor and close the panel.
    case apply
    /// Start typing a name to save the list's view under.
    case save
    /// Delete the saved view under the cursor (the second press).
    case delete
    case close
    /// Apply the endpoint's `n`th view (a sub-tab), or none (nil: the
    /// config's own list: every param, filter, sort and column back).
    case select(Int?)
    /// Step through the sub-tabs: +1 the next, -1 the previous.
    case cycle(Int)
    /// Typing the name.
    case type(ViewNameAction)
}

/// Keys while typing a view's name.
public enum ViewNameAction: Sendable, Equatable {
    case insert(String)
    case deleteBackward
    case submit
    case cancel
}
