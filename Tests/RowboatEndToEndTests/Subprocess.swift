#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a command with posix_spawn and waitpid, reading its output to the
/// end. (Foundation's Process can miss the child's exit inside the test
/// runner's concurrency threads; this cannot.)
enum Subprocess {
    /// Runs `arguments` (looked up in PATH); stdout is returned when
    /// `captureOutput`, else sent to /dev/null. stdin and stderr: /dev/null.
    @discardableResult
    static func run(_ arguments: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var fds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The calling thread (a Swift concurrency worker) blocks SIGTERM,
        // SIGHUP and others, and a child inherits that mask: a tmux server
        // started so never sees the SIGTERM of kill-server and outlives the
        // test. Children start with nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        if captureOutput { close(fds[1]) }
        guard rc == 0 else {
            if captureOutput { close(fds[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .ENOENT)
        }
        var output = [UInt8]()
        if captureOutput {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buffer, buffer.count)
                if n > 0 { output += buffer[0..<n] } else if n == 0 || errno != EINTR { break }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
