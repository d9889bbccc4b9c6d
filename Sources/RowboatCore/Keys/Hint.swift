import RowboatSpec

/// A line that tells the user what to press ("load more (space)", "failed —
/// r to retry"). The core says *what* to press (a `KeyAction`); the key is
/// named when the line is drawn, from the key map in force, so a rebound
/// key is the one named, and a phrase whose action has no key is left out.
public struct Hint: Sendable, Equatable, ExpressibleByStringLiteral {
    /// Plain text, or a phrase around the keys of actions (`%k` stands for
    /// their names, `KeyMap.hintName`, joined by `/`).
    public enum Part: Sendable, Equatable {
        case text(String)
        case keys([KeyAction], on: KeyLayer, phrase: String)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
    }

    public init(stringLiteral text: String) {
        parts = [.text(text)]
    }

    public init(_ text: String) {
        parts = [.text(text)]
    }

    /// A phrase naming the key of `action` (on the list unless `layer`
    /// says): `Hint.key(.refresh, "%k to retry")`.
    public static func key(_ action: KeyAction, _ phrase: String, on layer: KeyLayer = .list) -> Part {
        .keys([action], on: layer, phrase: phrase)
    }

    /// The line with each key named as `keyMap` binds it; phrases of
    /// unbound actions left out.
    public func text(in keyMap: KeyMap) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .keys(let actions, let layer, let phrase):
                let names = actions.compactMap { keyMap.hintName(for: $0, on: layer) }
                guard !names.isEmpty else { continue }
                out += phrase.replacing("%k", with: names.joined(separator: "/"))
            }
        }
        return out
    }

    /// Hints joined with ` · `, empty ones left out.
    public static func joined(_ hints: [String]) -> String {
        hints.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
