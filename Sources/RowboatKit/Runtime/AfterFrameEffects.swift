import RowboatCore

/// The effects that wait until the frame of the actions that asked for
/// them is drawn: the thumbnails' (`wantImages`, `retryImage`). Their
/// decoding would otherwise share the cores with drawing that frame (at
/// start, the first screen), and what they bring is drawn in a later
/// frame anyway. Held effects keep their order; a later `wantImages`
/// replaces a held one (the queue keeps only the latest wanted set).
struct AfterFrameEffects {
    private(set) var held: [AppEffect] = []

    /// Holds `effect` if it waits for the frame; false: run it now.
    mutating func hold(_ effect: AppEffect) -> Bool {
        switch effect {
        case .wantImages:
            held.removeAll { if case .wantImages = $0 { true } else { false } }
            held.append(effect)
            return true
        case .retryImage:
            held.append(effect)
            return true
        default:
            return false
        }
    }

    /// The held effects, in order, to run now that the frame is drawn.
    mutating func take() -> [AppEffect] {
        defer { held = [] }
        return held
    }
}
