import NIOCore

/// Takes a response body piece by piece as it arrives, instead of the
/// transport collecting it (`HTTPTransport.send(_:receiver:)`). The
/// transport calls `accepts` once with the final reply's head (after
/// redirects), then `receive` for each piece, in order, from one task.
public protocol BodyReceiver: AnyObject, Sendable {
    /// Whether to take this reply's body in pieces; if not, it is collected.
    func accepts(status: Int, headers: [(String, String)]) -> Bool
    /// The next piece of the body; an error ends the request with it.
    func receive(_ piece: ByteBuffer) async throws
}
