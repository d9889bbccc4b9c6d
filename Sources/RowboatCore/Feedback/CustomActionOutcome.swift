import RowboatSpec

/// How an embedding program's action (a RowboatKit action) ended, as the
/// effect runner hands it to the report: its message, or the one line of
/// the error it threw, and what it does to the list afterwards (`then`,
/// with the rows to put in place for `replace`).
public struct CustomActionOutcome: Sendable, Equatable {
    public var message: String?
    /// The error it threw, one line (nil: it succeeded).
    public var failure: String?
    public var then: ActionSpec.Then
    public var replacements: [RowModel]

    public init(message: String? = nil, failure: String? = nil, then: ActionSpec.Then = .none,
                replacements: [RowModel] = []) {
        self.message = message
        self.failure = failure
        self.then = then
        self.replacements = replacements
    }
}
