import RowboatSpec

/// Why a jq expression did not compile, or did not finish on one input:
/// jq's own message made one line, or the bound (`JQLimits`) it hit.
public struct JQError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The expression does not compile (jq's syntax or compile error).
        case syntax
        /// jq raised an error on this input (`error(…)`, `.a` on a string, …).
        case runtime
        /// The input took longer than `JQLimits.seconds`.
        case overTime
        /// The input grew memory by more than `JQLimits.memoryBytes`.
        case overMemory
        /// An output longer than `JQLimits.outputBytes`, or more outputs than `JQLimits.outputs`.
        case overOutput
        /// The expression hit its bounds `JQLimits.failuresBeforeOff` times and is off.
        case off
    }

    public let kind: Kind
    /// One line, sanitized: safe for the terminal and for a config error.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = JQError.oneLine(message)
    }

    public var description: String { message }

    /// True for the bounds (time, memory, output size): what counts
    /// toward turning an expression off.
    public var isBound: Bool { kind == .overTime || kind == .overMemory || kind == .overOutput }

    /// jq's message as one line: its `jq: error: ` and shell-quoting hint
    /// dropped, the program text it quotes after `line N:` left out (the
    /// config already shows it), control characters removed.
    static func oneLine(_ text: String) -> String {
        var text = Substring(text)
        for prefix in ["jq: error: ", "jq: error ", "jq: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        var line = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        line = line.replacingOccurrences(of: " (Unix shell quoting issues?)", with: "")
        line = line.replacingOccurrences(of: " at <top-level>, line ", with: " at line ")
        if line.hasSuffix(":") { line.removeLast() }
        return Sanitizer.clean(line, limit: 300)
    }
}
