/// How `run()` ended: the user quit, or a signal (SIGINT, SIGTERM, SIGHUP)
/// asked it to; `status` is the exit status a command line tool would use
/// (0, or 128 + the signal).
public struct ListExit: Sendable, Equatable {
    /// The signal that ended the run (nil: the user quit).
    public var signal: Int32?
    /// The exit status a command line tool would use: 0, or 128 + the signal.
    public var status: Int32 { signal.map { 128 + $0 } ?? 0 }
}
