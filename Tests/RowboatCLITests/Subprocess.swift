import Foundation
import Glibc
import RowboatProcess

/// Runs the real `rowboat` binary (through `ProcessRunner`), stdout and
/// stderr captured.
enum Subprocess {
    /// What a run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary under test: $ROWBOAT_BIN, else `.build/debug/rowboat`
    /// from this file's path (as the end-to-end tests choose it).
    static let rowboat = ProcessInfo.processInfo.environment["ROWBOAT_BIN"]
        ?? Paths.root.appendingPathComponent(".build/debug/rowboat").path

    /// The hostile server's executable: $ROWBOAT_HOSTILE_BIN, else
    /// `.build/debug/rowboat-hostile` (not installed with rowboat).
    static let hostileBinary = ProcessInfo.processInfo.environment["ROWBOAT_HOSTILE_BIN"]
        ?? Paths.root.appendingPathComponent(".build/debug/rowboat-hostile").path

    /// Runs `rowboat-hostile` with `arguments` (on a thread of its own, as
    /// `rowboat(_:)` does).
    static func hostile(_ arguments: String...) async throws -> Result {
        let argv = [hostileBinary] + arguments
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try run(argv) }) }.start()
        }
    }

    /// Runs the binary on a thread of its own, so waiting never blocks the
    /// concurrency pool that an in-process demo server answers on.
    static func rowboat(_ arguments: String...) async throws -> Result {
        try await rowboat(arguments)
    }

    static func rowboat(_ arguments: [String]) async throws -> Result {
        try await rowboat(environment: [:], arguments)
    }

    /// As `rowboat(_:)`, with `environment` set on top of ours.
    static func rowboat(environment: [String: String], _ arguments: [String]) async throws -> Result {
        let argv = [rowboat] + arguments
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try run(argv, environment: environment) })
            }
            thread.start()
        }
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        // A fixed width for tables, whatever terminal runs the tests; the
        // cache of test runs kept out of the user's ~/.cache.
        var changes: [String: String?] = [
            "COLUMNS": "100",
            "XDG_CACHE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-test-cache").path,
        ]
        for (key, value) in extra { changes[key] = value }
        let r = try ProcessRunner.run(ProcessSpec(arguments, environment: ProcessRunner.environment(changes),
                                                  stdout: .capture, stderr: .capture))
        return Result(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}
