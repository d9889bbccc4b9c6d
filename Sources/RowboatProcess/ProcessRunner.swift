#if canImport(Glibc)
import Glibc
#endif

/// Runs programs with posix_spawn and waitpid: the one process helper of
/// the app (browser, clipboard), the tests (the rowboat binary, tmux, git)
/// and the benchmarks. Children start with no signal blocked and default
/// handlers (a thread that blocks SIGTERM would otherwise pass that on:
/// a tmux server started so never ends), optionally in a session of their
/// own so they never read the terminal's keys or get its signals.
/// Foundation's `Process` can miss a child's exit inside a test runner's
/// concurrency threads; this cannot.
public enum ProcessRunner {
    /// Starts `spec` and waits for it on the calling thread.
    public static func run(_ spec: ProcessSpec) throws(ProcessError) -> ProcessResult {
        try spawn(spec).wait()
    }

    /// Starts `spec` and returns at once; `wait()` collects it.
    public static func spawn(_ spec: ProcessSpec) throws(ProcessError) -> RunningProcess {
        guard let program = spec.arguments.first, !program.isEmpty else { throw ProcessError("no program") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var input: [Int32] = [-1, -1]
        switch spec.stdin {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 0)
        case .bytes:
            guard pipe(&input) == 0 else { throw ProcessError("pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
            posix_spawn_file_actions_addclose(&actions, input[0])
            posix_spawn_file_actions_addclose(&actions, input[1])
        }
        var captures: [Int32: String] = [:]
        for (fd, output) in [(Int32(1), spec.stdout), (Int32(2), spec.stderr)] {
            switch output {
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .inherit: break
            case .closed: posix_spawn_file_actions_addclose(&actions, fd)
            case .descriptor(let target): posix_spawn_file_actions_adddup2(&actions, target, fd)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .capture:
                let path = try temporaryFile()
                captures[fd] = path
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_TRUNC, 0o600)
            }
        }
        for (child, parent) in spec.extraDescriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, parent, child)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID (0x80) is behind _GNU_SOURCE, so not imported.
        let setsid: Int32 = spec.newSession ? 0x80 : 0
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var argv = spec.arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = spec.environment.map { env in env.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let rc: Int32
        if var envp {
            rc = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        } else {
            rc = posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
        }
        if case .bytes = spec.stdin { close(input[0]) }
        guard rc == 0 else {
            if case .bytes = spec.stdin { close(input[1]) }
            captures.values.forEach { unlink($0) }
            throw ProcessError("cannot run \(program): \(String(cString: strerror(rc)))")
        }
        if case .bytes(let bytes) = spec.stdin {
            writeAll(bytes, to: input[1])
            close(input[1])
        }
        return RunningProcess(pid: pid, program: program, stdoutFile: captures[1], stderrFile: captures[2])
    }

    /// The current environment with `changes` applied (nil values remove).
    public static func environment(_ changes: [String: String?]) -> [String: String] {
        var env: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") { env[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            entry += 1
        }
        for (key, value) in changes { env[key] = value }
        return env
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }

    static func temporaryFile() throws(ProcessError) -> String {
        var template = Array("/tmp/rowboat-process-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ProcessError("temporary file: \(String(cString: strerror(errno)))") }
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// What to run and where its standard streams go.
public struct ProcessSpec: Sendable {
    /// The program (looked up in PATH) and its arguments.
    public var arguments: [String]
    /// The whole environment; nil inherits ours.
    public var environment: [String: String]?
    public var stdin: ProcessInput = .null
    public var stdout: ProcessOutput = .null
    public var stderr: ProcessOutput = .null
    /// Child descriptor → one of ours it gets a copy of (beyond 0–2).
    public var extraDescriptors: [Int32: Int32] = [:]
    /// Start it in a session of its own (no controlling terminal).
    public var newSession = false

    public init(_ arguments: [String], environment: [String: String]? = nil, stdin: ProcessInput = .null,
                stdout: ProcessOutput = .null, stderr: ProcessOutput = .null, newSession: Bool = false) {
        self.arguments = arguments
        self.environment = environment
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.newSession = newSession
    }
}

/// Where a child's standard input comes from.
public enum ProcessInput: Sendable {
    case null
    case bytes([UInt8])
    case descriptor(Int32)
}

/// Where a child's standard output or error goes.
public enum ProcessOutput: Sendable {
    /// /dev/null.
    case null
    /// Into the result (through a temporary file: no pipe to fill up).
    case capture
    case file(String)
    /// Left closed (to test what a program does with a closed stream).
    case closed
    case descriptor(Int32)
    /// Ours.
    case inherit
}

/// A started child; `wait()` collects it once.
public struct RunningProcess: Sendable {
    public let pid: Int32
    let program: String
    let stdoutFile: String?
    let stderrFile: String?

    /// Waits for the child (retrying on EINTR) and reads what was captured.
    public func wait() -> ProcessResult {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        func read(_ path: String?) -> String {
            guard let path, let file = fopen(path, "rb") else { return "" }
            defer { fclose(file); unlink(path) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n == 0 { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        let signal = status & 0x7f
        return ProcessResult(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
                             signal: signal == 0 ? nil : signal, stdout: read(stdoutFile), stderr: read(stderrFile))
    }
}

/// How a child ended and what it printed (when captured).
public struct ProcessResult: Sendable, Equatable {
    /// The exit status, or 128 + the signal that killed it (as a shell says).
    public var status: Int32
    /// The signal that killed it, if one did.
    public var signal: Int32?
    public var stdout: String
    public var stderr: String
}

/// Why a program could not be started, as one line.
public struct ProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
