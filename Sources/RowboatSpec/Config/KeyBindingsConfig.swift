/// The `keys:` section: for each action named, the keys that replace its
/// default keys (an empty list leaves it unbound).
public struct KeyBindingsConfig: Sendable, Equatable {
    /// One action and the keys it gets instead of its defaults.
    public struct Override: Sendable, Equatable {
        public var action: KeyAction
        public var keys: [Key]
        /// Where each key was written (for a conflict found later).
        public var positions: [ConfigPosition]

        public init(_ action: KeyAction, _ keys: [Key], positions: [ConfigPosition] = []) {
            self.action = action
            self.keys = keys
            self.positions = positions
        }

        /// Where the keys were written is not part of what they mean.
        public static func == (a: Override, b: Override) -> Bool { a.action == b.action && a.keys == b.keys }
    }

    /// In file order.
    public var overrides: [Override]

    public init(_ overrides: [Override] = []) {
        self.overrides = overrides
    }

    public var isEmpty: Bool { overrides.isEmpty }
}

/// A key left bound to two different actions on one screen.
public struct KeyConflict: Error, Sendable, Equatable, CustomStringConvertible {
    public var key: Key
    /// The configured action that brought the key.
    public var action: String
    /// The other action the key does on that screen.
    public var other: String
    public var screen: String
    /// Which override (index into `overrides`) and which of its keys.
    public var overrideIndex: Int
    public var keyIndex: Int

    package init(key: Key, action: String, other: String, screen: String, overrideIndex: Int, keyIndex: Int) {
        self.key = key
        self.action = action
        self.other = other
        self.screen = screen
        self.overrideIndex = overrideIndex
        self.keyIndex = keyIndex
    }

    public var description: String {
        "key \"\(KeyName.name(key))\" is bound to both \(action) and \(other) on the \(screen) screen; give one of them other keys"
    }
}
