import Foundation
import RowboatTestSupport
import Testing

/// A real terminal for end-to-end tests (waits sleep without blocking a
/// thread, so in-process servers of other tests keep running): a private tmux server running one
/// command in a pane of a given size. The pane records `stty -g` before and
/// after the command and its exit status, so tests can prove the terminal
/// was given back unchanged.
final class TmuxSession {
    let socket = "rowboat-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory: URL
    let name = "e2e"

    /// The rowboat binary under test: $ROWBOAT_BIN or .build/debug/rowboat.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["ROWBOAT_BIN"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/rowboat").path
    }

    /// The hostile server's executable: $ROWBOAT_HOSTILE_BIN, else
    /// .build/debug/rowboat-hostile (it is not installed with rowboat).
    static var hostileBinary: String {
        ProcessInfo.processInfo.environment["ROWBOAT_HOSTILE_BIN"]
            ?? packageRoot + "/.build/debug/rowboat-hostile"
    }

    /// Another executable of this package, beside the rowboat binary.
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent(name).path
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// `wrapper` runs before the binary (e.g. `sh -c '…; exec "$0" "$@"'`).
    /// `shellIgnoresInterrupt`: the pane's shell ignores SIGINT, so a
    /// Ctrl-C typed into the pane (sent to the whole foreground group)
    /// leaves it alive to record the binary's exit status.
    /// `program` (default: the rowboat binary) runs with `arguments`.
    init(arguments: [String], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:],
         wrapper: [String] = [], shellIgnoresInterrupt: Bool = false, program: String = TmuxSession.binary) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let dir = directory.path
        // ROWBOAT_DEMO_PORT=0: an embedded demo on a free port, so no test
        // meets another's (or the user's own rowboat's) fixed port; the
        // cache and the kept column layouts in the session's directory.
        let env = (["LANG": "C.UTF-8", "TERM": "tmux-256color", "XDG_CACHE_HOME": dir + "/cache",
                    "XDG_STATE_HOME": dir + "/state", "ROWBOAT_DEMO_PORT": "0"]
            .merging(environment) { $1 })
            .map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let command = (wrapper + [program] + arguments).map(Self.quote).joined(separator: " ")
        let script = (shellIgnoresInterrupt ? "trap '' INT; " : "") + "cd \(Self.quote(Self.packageRoot)); stty -g > \(dir)/before; env -u NO_COLOR \(env) \(command) 2> \(dir)/stderr; "
            + "echo $? > \(dir)/exit.tmp; mv \(dir)/exit.tmp \(dir)/exit; stty -g > \(dir)/after; exec sleep 120"
        try tmux(captureOutput: false, ["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
                  "sh -c \(Self.quote(script))"])
    }

    deinit {
        _ = try? tmux(captureOutput: false, ["kill-server"])
        try? FileManager.default.removeAll(at: directory)
    }

    static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a tmux command. The command that starts the server must not
    /// capture output: the server would inherit the pipe and keep it open.
    @discardableResult
    func tmux(captureOutput: Bool = true, _ args: [String]) throws -> String {
        try Subprocess.run(["tmux", "-L", socket] + args, captureOutput: captureOutput).output
    }

    /// The visible screen as text (`escapes`: with SGR colour codes).
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// Logs every byte the program writes to the terminal into `file`.
    func logRawOutput(to file: String) throws {
        try tmux(["pipe-pane", "-o", "-t", name, "cat >> \(Self.quote(file))"])
    }

    /// Waits until the screen satisfies `predicate`; returns that screen
    /// once it has settled (`settled`), so what a test then checks on it
    /// is not half a repaint.
    @discardableResult
    func waitForScreen(timeout: Double = 30, escapes: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
                       _ predicate: (String) -> Bool) async throws -> String {
        var last = ""
        if let matched = try await eventuallyValue(timeout: timeout, { () throws -> String? in
            last = try screen(escapes: escapes)
            return predicate(last) ? last : nil
        }) { return try await settled(matched, escapes: escapes, predicate) }
        Issue.record("screen never matched; last screen:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// Captures taken after a match until two in a row are the same.
    static let settleTries = 10
    static let settleEvery = Duration.milliseconds(25)

    /// `matched`, or a capture after it that is the same as the one before
    /// it and still satisfies `predicate`: a capture can fall in the middle
    /// of a repaint (the program's frame not yet all through tmux). A
    /// screen that never stops changing (a clock, a stream) gives the last
    /// capture that satisfied `predicate` after `settleTries` tries.
    func settled(_ matched: String, escapes: Bool, _ predicate: (String) -> Bool) async throws -> String {
        var previous = matched, latest = matched
        for _ in 0..<Self.settleTries {
            try? await Task.sleep(for: Self.settleEvery)
            let next = try screen(escapes: escapes)
            guard predicate(next) else { return latest }
            if next == previous { return next }
            latest = next
            previous = next
        }
        return latest
    }

    /// The command's exit status, once it has ended.
    func waitForExit(timeout: Double = 20) async -> Int? {
        guard let text = await eventuallyValue(timeout: timeout, {
            try? String(contentsOfFile: directory.path + "/exit", encoding: .utf8)
        }) else { return nil }
        // `after` is written right after `exit`.
        try? await Task.sleep(nanoseconds: 200_000_000)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func file(_ name: String) -> String {
        (try? String(contentsOfFile: directory.path + "/" + name, encoding: .utf8)) ?? ""
    }

    /// The pane's process id (the shell running the script).
    func panePID() throws -> Int32? {
        Int32(try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension FileManager {
    func removeAll(at url: URL) throws {
        if fileExists(atPath: url.path) { try removeItem(at: url) }
    }
}
