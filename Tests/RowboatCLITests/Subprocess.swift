import Foundation
import Glibc

/// Runs the real `rowboat` binary with posix_spawn and waitpid, stdout and
/// stderr going to files in a temp directory (no pipes to fill up, and no
/// Foundation `Process`, whose exit wait can hang in the test runner).
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
        let dir = try Paths.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("stdout").path
        let errPath = dir.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // A fixed width for tables, whatever terminal runs the tests.
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = "100"
        // Keep the cache of test runs out of the user's ~/.cache.
        env["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-test-cache").path
        env.merge(extra) { $1 }
        var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func read(_ path: String) -> String {
            String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        }
        return Result(status: exit, stdout: read(outPath), stderr: read(errPath))
    }
}
