import Foundation
import RowboatProcess

/// Runs a command (tmux, git, a script) through `ProcessRunner`.
enum Subprocess {
    /// Runs `arguments` (looked up in PATH); stdout is returned when
    /// `captureOutput`, else sent to /dev/null. stdin and stderr: /dev/null.
    @discardableResult
    static func run(_ arguments: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
        let r = try ProcessRunner.run(ProcessSpec(arguments, stdout: captureOutput ? .capture : .null))
        return (r.status, r.stdout)
    }
}
