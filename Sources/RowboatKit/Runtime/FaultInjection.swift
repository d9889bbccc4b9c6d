/// A fault that tests inject to prove the terminal is restored when our
/// code dies. A debug build of the rowboat command (what the tests run)
/// reads it from the environment at start (`ROWBOAT_INJECT_FAULT=<point>`)
/// and hands it to the run loop; a release build never reads it (the
/// shipped binary cannot be made to crash by its environment), and a
/// `ListController` never injects one.
package struct FaultInjection: Sendable, Equatable {
    /// Where a fault can be injected.
    package enum Point: String, Sendable {
        case afterFirstFrame = "crash-after-first-frame"
    }

    /// The point to crash at; nil: none.
    package var point: Point?

    package init(point: Point? = nil) {
        self.point = point
    }

    /// The fault `environment` asks for, if any (in a debug build only).
    package static func from(environment: [String: String]) -> FaultInjection {
        #if DEBUG
        FaultInjection(point: environment["ROWBOAT_INJECT_FAULT"].flatMap(Point.init(rawValue:)))
        #else
        FaultInjection()
        #endif
    }

    func crashIfRequested(at point: Point) {
        guard self.point == point else { return }
        fatalError("injected fault: \(point.rawValue)")
    }
}
