/// The bounds one jq expression runs within, per input (one list element,
/// one row): a watchdog halts an input past `seconds` or past
/// `memoryBytes` of growth; outputs past `outputBytes` or `outputs` stop
/// it. An expression that hits a bound `failuresBeforeOff` times is off
/// for the rest of its life (a million rows never wait a quarter second
/// each).
public struct JQLimits: Sendable, Equatable {
    /// Longest time one input may take.
    public var seconds: Double
    /// Most that the process's heap may grow while one input runs (read
    /// by `mallinfo2` at the watchdog's ticks from the second it sees the
    /// input at, so other threads' growth counts too; an input shorter
    /// than a tick or two is never read).
    public var memoryBytes: Int
    /// Longest output, as JSON text.
    public var outputBytes: Int
    /// Most outputs one input may give (`fetch --jq`; a field and a
    /// condition read the first).
    public var outputs: Int
    /// Bounds hit before the expression is turned off.
    public var failuresBeforeOff: Int

    public init(seconds: Double = 0.25, memoryBytes: Int = 64 << 20, outputBytes: Int = 1 << 20,
                outputs: Int = 100_000, failuresBeforeOff: Int = 3) {
        self.seconds = seconds
        self.memoryBytes = memoryBytes
        self.outputBytes = outputBytes
        self.outputs = outputs
        self.failuresBeforeOff = failuresBeforeOff
    }

    /// What configs, the local filter and `fetch --jq` use.
    public static let standard = JQLimits()

    /// The longest string `*` may repeat to (jq 1.6 repeats a string in C,
    /// where no watchdog can stop it): the output bound.
    var repeatLimit: Int { outputBytes }
}
