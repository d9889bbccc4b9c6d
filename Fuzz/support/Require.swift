/// A fuzz invariant: when it does not hold, crash with its message, so
/// libFuzzer keeps the input. (`precondition` drops its message in -O
/// builds; `fatalError` prints it.)
func require(_ condition: Bool, _ message: @autoclosure () -> String = "invariant broken",
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}
