import RowboatSpec

/// A question that needs a yes before something destructive happens: a
/// title, a few lines of facts (e.g. how much the cache holds) and two
/// buttons. The cancel button has the focus at first.
public struct ConfirmDialog: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    /// The confirm button's label ("Clear").
    public var confirmLabel: String
    public var intent: ConfirmIntent
    /// True when Enter confirms; false when it cancels.
    public var confirmFocused: Bool

    public init(title: String, lines: [String], confirmLabel: String, intent: ConfirmIntent,
                confirmFocused: Bool = false) {
        self.title = title
        self.lines = lines
        self.confirmLabel = confirmLabel
        self.intent = intent
        self.confirmFocused = confirmFocused
    }
}

/// What a confirm dialog does on yes.
public enum ConfirmIntent: Sendable, Equatable {
    /// Remove cached responses and images (favorites stay).
    case clearCache
    /// Run an action (its `confirm:` asked first).
    case runAction(ActionPlan)
    /// Quit though actions still run (they are stopped).
    case quit
}

/// What the keys do in a confirm dialog.
public enum DialogAction: Sendable, Equatable {
    case confirm, cancel, toggleFocus
    /// Enter: whichever button has the focus.
    case choose
}

/// How much the cache holds, as the dialog shows it (pure data, filled in
/// by the effect runner from the store).
public struct CacheUsage: Sendable, Equatable {
    public var responseBytes: Int
    public var responseCount: Int
    public var imageBytes: Int
    public var imageCount: Int

    public init(responseBytes: Int, responseCount: Int, imageBytes: Int, imageCount: Int) {
        self.responseBytes = responseBytes
        self.responseCount = responseCount
        self.imageBytes = imageBytes
        self.imageCount = imageCount
    }

    public var totalBytes: Int { responseBytes + imageBytes }
}
