#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a helper program (a browser, a clipboard tool) without letting it
/// touch the terminal: its stdout and stderr go to /dev/null, stdin is
/// /dev/null or a pipe we feed, and it gets its own session so it never
/// reads the TUI's keys or receives its signals.
enum ChildProcess {
    /// Starts `argv` (searched in PATH) and waits for it on the calling
    /// thread; returns its exit status, or a one-line reason it did not run.
    static func run(_ argv: [String], input: [UInt8]? = nil) -> Result<Int32, ChildProcessError> {
        guard let program = argv.first, !program.isEmpty else { return .failure(ChildProcessError("no program")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&pipeFDs) == 0 else { return .failure(ChildProcessError("pipe: \(String(cString: strerror(errno)))")) }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
            posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID (0x80) is behind _GNU_SOURCE, so not imported.
        let setsid: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, &cArgs, environ)
        if input != nil { close(pipeFDs[0]) }
        guard status == 0 else {
            if input != nil { close(pipeFDs[1]) }
            return .failure(ChildProcessError("cannot run \(program): \(String(cString: strerror(status)))"))
        }
        if let input {
            input.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(pipeFDs[1], raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(pipeFDs[1])
        }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        if exitStatus & 0x7f == 0 { return .success((exitStatus >> 8) & 0xff) }
        return .failure(ChildProcessError("\(program) was killed by signal \(exitStatus & 0x7f)"))
    }
}

/// Why a helper program did not run.
struct ChildProcessError: Error, Equatable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
