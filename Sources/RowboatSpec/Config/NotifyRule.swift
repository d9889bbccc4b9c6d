/// One of an endpoint's `notify:` rules: when a live tick, a stream's
/// event or a refresh brings a row that meets it, a notification is sent
/// (a terminal notification, `notify-send`, or the bell) with `text`
/// filled from the row (`${item.…}` only: nothing from the environment,
/// so never a secret), sanitized and cut to one line.
public struct NotifyRule: Sendable, Equatable {
    /// What a row must do.
    public enum Trigger: Sendable, Equatable {
        /// It is new (an id not in the list before).
        case new
        /// A field of it changed (`field`: only that one; nil: any).
        case change(field: String?)
        /// It meets a condition (new, or changed into meeting it):
        /// `field` relates to `value` by `=`, `~` (contains), `<` or `>`.
        case match(field: String, relation: String, value: String)
    }

    public var trigger: Trigger
    public var text: Template
    /// The notification's title (the endpoint's title when not said).
    public var title: String?

    public init(trigger: Trigger, text: Template, title: String? = nil) {
        self.trigger = trigger
        self.text = text
        self.title = title
    }
}

/// The config's `notifications:` section: how notifications reach the
/// user, and how often at most.
public struct NotifySettings: Sendable, Equatable {
    /// Where a notification goes.
    public enum Via: String, Sendable, Equatable, CaseIterable {
        /// The terminal's own kind, else `notify-send` on a desktop, else the bell.
        case auto
        /// OSC 9 (iTerm2, WezTerm, Windows Terminal, Ghostty, foot).
        case osc9
        /// OSC 777 (urxvt, VTE terminals, foot, Ghostty).
        case osc777
        /// kitty's OSC 99.
        case osc99
        /// The desktop's `notify-send` (libnotify).
        case notifySend = "notify-send"
        /// The terminal's bell.
        case bell
        /// None.
        case off
    }

    public var via: Via
    /// At most one notification in this many seconds for a tab (the rest
    /// are counted into the next: "and 3 more").
    public var every: Double

    public static let defaultEvery: Double = 10

    public init(via: Via = .auto, every: Double = NotifySettings.defaultEvery) {
        self.via = via
        self.every = every
    }
}
