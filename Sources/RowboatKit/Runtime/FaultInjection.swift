/// A fault that tests inject to prove the terminal is restored when our
/// code dies. The rowboat command reads it from the environment at start
/// (`ROWBOAT_INJECT_FAULT=<point>`) and hands it to the run loop; a
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

    /// The fault `environment` asks for, if any.
    package static func from(environment: [String: String]) -> FaultInjection {
        FaultInjection(point: environment["ROWBOAT_INJECT_FAULT"].flatMap(Point.init(rawValue:)))
    }

    func crashIfRequested(at point: Point) {
        guard self.point == point else { return }
        fatalError("injected fault: \(point.rawValue)")
    }
}
