/// One dispatched Server-Sent Event: its type (`message` unless an
/// `event:` line named another), its data (the `data:` lines joined with
/// LF) and the last event id in force when it was dispatched.
public struct ServerSentEvent: Sendable, Equatable {
    public var type: String
    public var data: String
    public var lastEventID: String

    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
