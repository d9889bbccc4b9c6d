import Glibc
import ArgumentParser
import RowboatSpec

/// Unbuffered writes to stdout and stderr with write(2), so a closed pipe
/// (`rowboat fetch … | head`) is an error we can see rather than a crash.
enum StandardStreams {
    /// Raised when stdout's reader has gone away.
    struct Closed: Error {}

    /// Writes `text` to stdout with every registered secret taken out
    /// (`Secrets`): items, drafts and tables alike.
    static func out(_ text: String) throws(Closed) {
        guard write(fd: 1, Secrets.redact(text)) else { throw Closed() }
    }

    /// Writes `line` (sanitized) and a newline to stderr.
    static func err(_ line: String) {
        _ = write(fd: 2, Sanitizer.clean(line, limit: 1000) + "\n")
    }

    /// Reports `error` as `rowboat: <one line>` on stderr; the caller exits 1.
    static func fail(_ error: any Error) -> ExitCode {
        err("rowboat: " + ExitReport.line(for: error, isUsage: false))
        return ExitCode.failure
    }

    /// Run first thing: a closed stdin, stdout or stderr gets /dev/null in
    /// its place, so the next file, socket or eventfd we open cannot take
    /// its number (a "closed" stdout would then receive our output). With
    /// stdout closed, every command but the demo server stops with a clear
    /// message instead of writing nowhere.
    static func checkDescriptorsAtStart() {
        var closed: [Int32] = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.append(fd)
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)   // takes the lowest free number: fd
        }
        if closed.contains(1), CommandLine.arguments.dropFirst().first != "demo-server" {
            err("rowboat: standard output is closed; nothing to write to")
            exit(1)
        }
    }

    static func write(fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes = bytes.dropFirst(n)
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}
