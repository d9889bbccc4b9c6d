import Foundation

/// Faults that tests inject through the environment to prove the terminal
/// is restored when our code dies (`ROWBOAT_INJECT_FAULT=<point>`). Unset,
/// it does nothing.
enum FaultInjection {
    /// Where a fault can be injected.
    enum Point: String {
        case afterFirstFrame = "crash-after-first-frame"
    }

    static func crashIfRequested(at point: Point) {
        guard ProcessInfo.processInfo.environment["ROWBOAT_INJECT_FAULT"] == point.rawValue else { return }
        fatalError("injected fault: \(point.rawValue)")
    }
}
