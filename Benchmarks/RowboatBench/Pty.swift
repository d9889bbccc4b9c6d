#if canImport(Glibc)
import Glibc
#endif
import CBenchReference
import Foundation
import RowboatProcess

/// What a reader thread has seen on a pty's master: bytes drained, when the
/// last read happened and when the first byte after a mark arrived. Shared
/// between the reader thread and the bench, so every field is behind a lock.
final class PtyOutput: @unchecked Sendable {
    /// Guards the fields; the reader broadcasts on it when it notes what a
    /// waiter waits for (the needle, the first byte after a mark, the end),
    /// so a waiter sleeps until then instead of polling, which on a busy
    /// machine took cores from the program measured.
    private let lock = NSCondition()
    private var bytes = 0
    private var lastRead: UInt64 = 0
    private var marked = false
    private var firstAfterMark: UInt64?
    private var closed = false
    private var stopping = false
    private var needle: [UInt8] = []
    private var needleSeen: UInt64?
    /// The last bytes read, so that a needle or a query split between two
    /// reads is still found.
    private var tail: [UInt8] = []
    private static let deviceAttributes: [UInt8] = [0x1B, 0x5B, 0x63]   // ESC [ c: DA1

    /// From now on, note when `text` is first seen in the output.
    func watch(for text: String) {
        lock.withLock {
            needle = Array(text.utf8)
            needleSeen = nil
        }
    }

    /// When the watched text was first seen (nil: not yet).
    var seen: UInt64? { lock.withLock { needleSeen } }

    /// Called by the reader with the bytes just read: notes the watched
    /// text, and says how many DA1 queries (`ESC [ c`) they complete.
    func scan(_ chunk: ArraySlice<UInt8>, at time: UInt64) -> Int {
        lock.withLock {
            let window = tail + chunk
            let fresh = window.count - chunk.count   // matches must end in the new bytes
            if !needle.isEmpty, needleSeen == nil, Self.ends(of: needle, in: window, after: fresh) > 0 {
                needleSeen = time
                lock.broadcast()
            }
            let queries = Self.ends(of: Self.deviceAttributes, in: window, after: fresh)
            tail = Array(window.suffix(max(needle.count, Self.deviceAttributes.count)))
            return queries
        }
    }

    /// How many times `pattern` occurs in `window` ending past `after`.
    private static func ends(of pattern: [UInt8], in window: [UInt8], after: Int) -> Int {
        guard window.count >= pattern.count else { return 0 }
        var count = 0
        for start in 0...(window.count - pattern.count) where start + pattern.count > after {
            if window[start] == pattern[0], window[start..<(start + pattern.count)].elementsEqual(pattern) { count += 1 }
        }
        return count
    }

    /// Called by the reader: `count` bytes read at `time`.
    func record(_ count: Int, at time: UInt64) {
        lock.withLock {
            bytes += count
            lastRead = time
            if marked && firstAfterMark == nil {
                firstAfterMark = time
                lock.broadcast()
            }
        }
    }

    /// From now on, remember when the next byte arrives.
    func mark() {
        lock.withLock {
            marked = true
            firstAfterMark = nil
        }
    }

    func markClosed() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
    }

    /// Sleeps until `done` holds of (needle seen, first byte after the
    /// mark, closed) — checked now and at each broadcast — or `deadline`
    /// (`Bench.now()` nanoseconds) passes; then what `value` reads.
    func wait<T>(until deadline: UInt64,
                 done: (_ seen: UInt64?, _ firstAfterMark: UInt64?, _ closed: Bool) -> Bool,
                 value: (_ seen: UInt64?, _ firstAfterMark: UInt64?) -> T?) -> T? {
        lock.lock()
        defer { lock.unlock() }
        while !done(needleSeen, firstAfterMark, closed) {
            let now = Bench.now()
            guard now < deadline else { break }
            _ = lock.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
        return value(needleSeen, firstAfterMark)
    }
    func stop() { lock.withLock { stopping = true } }
    var shouldStop: Bool { lock.withLock { stopping } }

    /// Bytes so far, time of the last read (0: none yet), the first byte
    /// after the mark, and whether the slave side has gone.
    var snapshot: (bytes: Int, lastRead: UInt64, firstAfterMark: UInt64?, closed: Bool) {
        lock.withLock { (bytes, lastRead, firstAfterMark, closed) }
    }
}

/// A child process on its own pseudo-terminal (200x50 unless told; opened
/// by `bench_pty_open` in CBenchReference), with a
/// reader thread draining the master and, when asked, two control pipes:
/// fd 3 (child → parent) and fd 4 (parent → child) for a line protocol.
/// Every wait is bounded; `finish` always reaps the child (killing it if it
/// is stuck) and closes every descriptor.
final class PtyProcess {
    /// Why the child could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    let master: Int32
    let output: PtyOutput
    private var controlIn: Int32 = -1    // parent reads (child's fd 3)
    private var controlOut: Int32 = -1   // parent writes (child's fd 4)
    private var controlBuffer: [UInt8] = []
    private let readerDone = DispatchSemaphore(value: 0)
    private let stderrPath: String
    private var finished = false
    private var savedDiagnostics = ""
    /// The child's exit status once reaped; nil if it had to be killed.
    private(set) var exitStatus: Int32?
    /// True when `finish` had to kill the child.
    private(set) var killed = false

    /// Starts `executable` with `arguments` (argv[0] is added) and exactly
    /// `environment` on a fresh pty of `columns` x `rows`. `answersQueries`:
    /// the master answers DA1 as a terminal would; `watching`: the text
    /// whose first sight `waitSeen` waits for.
    init(executable: String, arguments: [String], environment: [String: String],
         columns: Int = 200, rows: Int = 50, control: Bool = false, answersQueries: Bool = false,
         watching: String? = nil) throws {
        // Watched from the first byte: a start-up's screen may come before any later call.
        output = PtyOutput()
        if let watching { output.watch(for: watching) }
        // Everything the parent opens is close-on-exec and numbered ≥ 10, so
        // the dup2s below never collide and no other child inherits it.
        func high(_ fd: Int32) -> Int32 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            return moved
        }
        var name = [CChar](repeating: 0, count: 128)
        let m = bench_pty_open(Int32(columns), Int32(rows), &name, name.count)
        guard m >= 0 else { throw SpawnError(description: "cannot open a pty: errno \(errno)") }
        let master = high(m)
        let s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard s >= 0 else {
            close(master)
            throw SpawnError(description: "open slave: errno \(errno)")
        }
        let slave = high(s)
        stderrPath = NSTemporaryDirectory() + "rowboat-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err"
        let errFD = high(open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600))
        var toParent: [Int32] = [-1, -1], toChild: [Int32] = [-1, -1]
        if control {
            // Plain pipe(): only this thread spawns, and high() makes the
            // copies close-on-exec at once.
            _ = pipe(&toParent)
            _ = pipe(&toChild)
            toParent = toParent.map(high)
            toChild = toChild.map(high)
        }

        // Its own session, so a terminal signal to the bench never reaches it.
        var spec = ProcessSpec([executable] + arguments, environment: environment, stdin: .descriptor(slave),
                               stdout: .descriptor(slave), stderr: errFD >= 0 ? .descriptor(errFD) : .null,
                               newSession: true)
        if control { spec.extraDescriptors = [3: toParent[1], 4: toChild[0]] }
        let spawned = Result { () throws(ProcessError) in try ProcessRunner.spawn(spec) }
        // The child holds its ends now (or failed): the parent's copies go.
        close(slave)
        if errFD >= 0 { close(errFD) }
        if control {
            close(toParent[1])
            close(toChild[0])
        }
        guard case .success(let running) = spawned else {
            close(master)
            if control { close(toParent[0]); close(toChild[1]) }
            unlink(stderrPath)
            throw SpawnError(description: "\(executable): \(spawned)")
        }
        self.pid = running.pid
        self.master = master
        if control {
            controlIn = toParent[0]
            controlOut = toChild[1]
        }
        let output = self.output, done = readerDone
        let reader = Thread {
            // The harness's clock: when it may (root, as CI runs), the reader runs ahead of every other thread,
            // so a time it notes is when the bytes came, not when it got a core.
            HarnessPriority.raiseCurrentThread()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !output.shouldStop {
                var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                let ready = poll(&pfd, 1, 50)
                if ready < 0 && errno != EINTR { break }
                if ready <= 0 { continue }
                let n = read(master, &buffer, buffer.count)
                if n > 0 {
                    let time = Bench.now()
                    output.record(n, at: time)
                    // As a terminal does: DA1 answered at once (a VT220 with
                    // nothing more), so a program that asks never waits out its timeout.
                    let queries = output.scan(buffer[0..<n], at: time)
                    if answersQueries {
                        let answer = Array("\u{1B}[?62;22c".utf8)
                        for _ in 0..<queries { _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
                    }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    break   // EIO: every slave descriptor has closed
                }
            }
            output.markClosed()
            done.signal()
        }
        reader.name = "pty-reader-\(pid)"
        reader.start()
    }

    deinit { finish(timeout: 0) }

    /// The running executable, for re-executing it in a child mode:
    /// /proc/self/exe names this process's image even when a build has
    /// replaced the file on disk meanwhile.
    static func selfExecutable() -> String {
        access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : CommandLine.arguments[0]
    }

    /// The environment every child gets: a 256-colour terminal, a UTF-8
    /// locale, the parent's PATH and nothing else unless `extra` adds it.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8",
                   "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        env.merge(extra) { $1 }
        return env
    }

    // MARK: Terminal input and output

    /// Writes `bytes` to the master: what the child reads as typed keys.
    @discardableResult
    func type(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Waits until the master has been silent for `quiet` seconds (true), or
    /// `timeout` seconds have passed or the child's side closed (false).
    @discardableResult
    func waitSilence(_ quiet: Double, timeout: Double) -> Bool {
        let start = Bench.now()
        let quietNs = UInt64(quiet * 1e9), deadline = start + UInt64(timeout * 1e9)
        while true {
            // Snapshot first: the reader's clock readings are then ≤ now.
            let s = output.snapshot, now = Bench.now(), since = max(s.lastRead, start)
            if s.closed { return false }
            if now >= since && now - since >= quietNs { return true }
            if now >= deadline { return false }
            usleep(UInt32(min(5_000, max(500, quietNs / 10_000))))
        }
    }

    /// Waits until the text given to `output.watch(for:)` has been seen;
    /// when it was (nil: not within `timeout` seconds, or the child's side closed).
    func waitSeen(timeout: Double) -> UInt64? {
        output.wait(until: Bench.now() + UInt64(timeout * 1e9),
                    done: { seen, _, closed in seen != nil || closed }, value: { seen, _ in seen })
    }

    /// Waits for the first byte after `output.mark()`; its arrival time.
    func waitFirstByte(timeout: Double) -> UInt64? {
        output.wait(until: Bench.now() + UInt64(timeout * 1e9),
                    done: { _, first, closed in first != nil || closed }, value: { _, first in first })
    }

    // MARK: Control pipes

    /// Sends one line to the child's fd 4.
    @discardableResult
    func send(_ line: String) -> Bool {
        guard controlOut >= 0 else { return false }
        let bytes = Array((line + "\n").utf8)
        return bytes.withUnsafeBytes { write(controlOut, $0.baseAddress, $0.count) } == bytes.count
    }

    /// The next line from the child's fd 3, or nil on timeout or end of file.
    func readLine(timeout: Double) -> String? {
        guard controlIn >= 0 else { return nil }
        let deadline = Bench.now() + UInt64(timeout * 1e9)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = controlBuffer.firstIndex(of: 10) {
                let line = String(decoding: controlBuffer[..<newline], as: UTF8.self)
                controlBuffer.removeSubrange(...newline)
                return line
            }
            let now = Bench.now()
            guard now < deadline else { return nil }
            var pfd = pollfd(fd: controlIn, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            if ready < 0 && errno != EINTR { return nil }
            if ready <= 0 { continue }
            let n = read(controlIn, &chunk, chunk.count)
            if n > 0 {
                controlBuffer += chunk[0..<n]
            } else if n == 0 || errno != EINTR {
                return nil
            }
        }
    }

    // MARK: The end

    /// The last `limit` characters the child wrote to stderr.
    func diagnostics(limit: Int = 400) -> String {
        if finished { return savedDiagnostics }
        guard let text = try? String(contentsOfFile: stderrPath, encoding: .utf8) else { return "" }
        return String(text.suffix(limit)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits up to `timeout` seconds for the child to exit, then SIGTERM and
    /// SIGKILL; reaps it, stops the reader and closes every descriptor.
    func finish(timeout: Double) {
        guard !finished else { return }
        if let status = reap(within: timeout) {
            exitStatus = status
        } else {
            kill(pid, SIGTERM)
            if let status = reap(within: 1) {
                exitStatus = status
            } else {
                killed = true
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
        output.stop()
        _ = readerDone.wait(timeout: .now() + 2)
        close(master)
        if controlIn >= 0 { close(controlIn) }
        if controlOut >= 0 { close(controlOut) }
        controlIn = -1
        controlOut = -1
        savedDiagnostics = diagnostics()
        finished = true
        unlink(stderrPath)
    }

    /// The wait status if the child exits within `seconds`.
    private func reap(within seconds: Double) -> Int32? {
        let deadline = Bench.now() + UInt64(seconds * 1e9)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return status }
            if r < 0 && errno != EINTR { return -1 }   // already reaped elsewhere
            if Bench.now() >= deadline { return nil }
            usleep(5_000)
        }
    }
}
