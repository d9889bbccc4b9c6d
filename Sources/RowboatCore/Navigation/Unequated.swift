/// A value kept in a state beside what it was worked out from, which the
/// state's equality leaves out: two states that differ only in it are the
/// same state (a memo, not a fact).
struct Unequated<Value: Sendable>: Sendable, Equatable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (a: Self, b: Self) -> Bool { true }
}
