import RowboatProcess

/// Runs a helper program (a browser, a clipboard tool) without letting it
/// touch the terminal: its stdout and stderr go to /dev/null, stdin is
/// /dev/null or the bytes given, and it gets its own session so it never
/// reads the TUI's keys or receives its signals.
enum ChildProcess {
    /// Starts `argv` (searched in PATH) and waits for it on the calling
    /// thread; returns its exit status, or a one-line reason it did not run.
    static func run(_ argv: [String], input: [UInt8]? = nil) -> Result<Int32, ProcessError> {
        let spec = ProcessSpec(argv, stdin: input.map(ProcessInput.bytes) ?? .null, newSession: true)
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(spec)
        } catch {
            return .failure(error)
        }
        if let signal = result.signal {
            return .failure(ProcessError("\(argv[0]) was killed by signal \(signal)"))
        }
        return .success(result.status)
    }
}
