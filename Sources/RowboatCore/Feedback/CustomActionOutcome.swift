import RowboatSpec

/// How an embedding program's action (a RowboatKit action) ended, as the
/// effect runner hands it to the report: its message, or the one line of
/// the error it threw, and what it does to the list afterwards (`then`,
/// with the rows to put in place for `replace`), and what it hands on: text
/// to copy, a program to run in the terminal.
public struct CustomActionOutcome: Sendable, Equatable {
    public var message: String?
    /// The error it threw, one line (nil: it succeeded).
    public var failure: String?
    public var then: ActionSpec.Then
    public var replacements: [RowModel]
    /// Text to put on the clipboard (the local one and the terminal's).
    public var copy: CopyRequest?
    /// A program to hand the terminal to once the action is done (a
    /// `.run` job, interactive).
    public var handOver: ActionPlan.Job?

    public init(message: String? = nil, failure: String? = nil, then: ActionSpec.Then = .none,
                replacements: [RowModel] = [], copy: CopyRequest? = nil, handOver: ActionPlan.Job? = nil) {
        self.copy = copy
        self.handOver = handOver
        self.message = message
        self.failure = failure
        self.then = then
        self.replacements = replacements
    }
}
