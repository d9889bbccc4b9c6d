/// Why a demo server could not be started.
public enum DemoServerError: Error, Sendable, CustomStringConvertible {
    /// Binding or starting failed (e.g. the port is in use).
    case startFailed(String)
    /// The server stopped before it ever reported that it was listening.
    case stoppedBeforeListening

    public var description: String {
        switch self {
        case .startFailed(let reason): "demo server failed to start: \(reason)"
        case .stoppedBeforeListening: "demo server stopped before it was listening"
        }
    }
}
