#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatCells

/// The start-up questions (`GraphicsProbe`) asked ahead, so their round
/// trips run while the arguments are parsed and the list is made instead
/// of after them: the terminal's as soon as the config read ahead says
/// pictures may be drawn; inside tmux, whether tmux passes them on (a
/// process of its own) from the process's start, and the terminal's only
/// once it says yes, as before. `NCursesScreen.start` takes the answers
/// (`take`: read up to the sentinel or the deadline, the terminal's
/// settings put back as they were). A process that ends before that reads
/// the answers still to come (at exit, or on a signal that ends it) and
/// puts the settings back, so no answer reaches the shell as typed text
/// and no shell is left without echo.
public enum GraphicsProbeAhead {
    private struct Asked {
        var input: Int32
        var deadline: Date
    }

    /// Questions `begin` wants asked inside tmux, once tmux says it passes them on.
    private struct Wanted {
        var input: Int32, output: Int32
        var timeout: Double
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var asked: Asked?
    nonisolated(unsafe) private static var wanted: Wanted?
    /// tmux's answer (nil: not yet), and the question to it under way.
    nonisolated(unsafe) private static var passthrough: Bool?
    nonisolated(unsafe) private static var tmuxAsked: DispatchGroup?
    nonisolated(unsafe) private static var exitHandlerInstalled = false
    /// The settings before the questions, for the signal handler (read
    /// there without a lock: written before the handlers are installed).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var savedInput: Int32 = -1
    nonisolated(unsafe) private static var previous: [sigaction] = Array(repeating: sigaction(), count: 65)
    nonisolated(unsafe) private static var guarded: [Int32] = []
    /// The deadline on the monotonic clock, and a buffer, for the handler.
    nonisolated(unsafe) private static var deadlineNanoseconds = 0
    nonisolated(unsafe) private static let handlerBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    /// Signals whose default ends the process, guarded while the questions are out.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT] + TerminalGuard.fatalSignals

    /// Asks when both sides are a terminal that may show colours (`TERM`
    /// set, `NO_COLOR` not): now, or inside tmux once tmux says it passes
    /// pictures on (asked now if `askTmux` has not); true when asked or
    /// to be asked. Call before the screen starts, while nothing else
    /// reads the terminal. `environment`: the process's own when nil (its
    /// names read with `getenv`, the whole of it only for tmux, off this thread).
    @discardableResult
    public static func begin(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Double = 0.1,
                             environment given: [String: String]? = nil) -> Bool {
        let variable = { (name: String) in Self.variable(name, in: given) }
        guard isatty(input) == 1, isatty(output) == 1, !(variable("TERM") ?? "").isEmpty,
              Theme.colorsAllowed(noColor: variable("NO_COLOR"), hasColors: true) else { return false }
        let wish = Wanted(input: input, output: output, timeout: timeout)
        guard GraphicsProbe.inTmux(["TMUX": variable("TMUX") ?? ""]) else {
            return lock.withLock { ask(wish, inTmux: false) }
        }
        startAskingTmux(environment: given)
        return lock.withLock {
            switch passthrough {
            case true?: return ask(wish, inTmux: true)
            case false?: return false
            case nil:
                wanted = wish
                return true
            }
        }
    }

    /// `name` in `given`, else in the process's environment (`getenv`:
    /// no dictionary of all of it made on the process's way to its screen).
    private static func variable(_ name: String, in given: [String: String]?) -> String? {
        given.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
    }

    /// Writes the questions and puts the terminal in raw mode for the
    /// answers (the caller holds the lock); true when asked.
    private static func ask(_ wish: Wanted, inTmux: Bool) -> Bool {
        guard asked == nil, let settings = GraphicsProbe.rawMode(wish.input) else { return false }
        saved = settings
        savedInput = wish.input
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        deadlineNanoseconds = Int(now.tv_sec) * 1_000_000_000 + now.tv_nsec + Int(wish.timeout * 1e9)
        installSignalHandlers()
        guard GraphicsProbe.writeAll(GraphicsProbe.question(inTmux: inTmux), to: wish.output) else {
            putSettingsBack()
            return false
        }
        asked = Asked(input: wish.input, deadline: Date().addingTimeInterval(wish.timeout))
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { _ = GraphicsProbeAhead.take() }
        }
        return true
    }

    /// Inside tmux (`TMUX` set): asks tmux now, on a thread of its own,
    /// whether it passes pictures on (`tmuxPassthrough` has the answer);
    /// questions `begin` wanted meanwhile are asked as soon as it says yes.
    /// Not where no picture may be drawn (`NO_COLOR`).
    public static func askTmux(environment given: [String: String]? = nil) {
        let variable = { (name: String) in Self.variable(name, in: given) }
        guard GraphicsProbe.inTmux(["TMUX": variable("TMUX") ?? ""]),
              Theme.colorsAllowed(noColor: variable("NO_COLOR"), hasColors: true) else { return }
        startAskingTmux(environment: given)
    }

    /// The question to tmux on a thread of its own, once (`given`: the
    /// environment, else the process's, made there).
    private static func startAskingTmux(environment given: [String: String]?) {
        lock.lock()
        defer { lock.unlock() }
        guard tmuxAsked == nil else { return }
        let asking = DispatchGroup()
        asking.enter()
        let thread = Thread {
            let allows = GraphicsProbe.tmuxAllowsPassthrough(environment: given ?? ProcessInfo.processInfo.environment)
            lock.withLock {
                passthrough = allows
                if allows, let wish = wanted { _ = ask(wish, inTmux: true) }
                wanted = nil
            }
            asking.leave()
        }
        thread.name = "rowboat-tmux-question"
        thread.start()
        tmuxAsked = asking
    }

    /// What tmux answered to `askTmux` (waiting for it); nil when it was not asked.
    public static func tmuxPassthrough() -> Bool? {
        guard let asking = lock.withLock({ tmuxAsked }) else { return nil }
        asking.wait()
        return lock.withLock { passthrough }
    }

    /// The answers to the questions asked ahead (nil: none were asked, or
    /// they were taken; inside tmux, tmux's answer waited for first): read
    /// until the sentinel or the deadline, then the terminal's settings put
    /// back as they were before the questions.
    public static func take() -> TerminalAnswers? {
        if let asking = lock.withLock({ wanted != nil ? tmuxAsked : nil }) { asking.wait() }
        lock.lock()
        guard let question = asked else {
            lock.unlock()
            return nil
        }
        asked = nil
        lock.unlock()
        let answers = GraphicsProbe.read(from: question.input, until: question.deadline)
        lock.withLock { putSettingsBack() }
        return answers
    }

    /// In a signal's handler (no allocation, no lock): reads and drops what
    /// the terminal answers, up to the sentinel's answer (`ESC [ ? … c`) or
    /// the deadline, so none is left for the shell.
    private static func dropAnswers() {
        var state = 0
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = deadlineNanoseconds - (Int(now.tv_sec) * 1_000_000_000 + now.tv_nsec)
            var fd = pollfd(fd: savedInput, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&fd, 1, Int32(left / 1_000_000 + 1)) > 0 else { return }
            let count = read(savedInput, handlerBuffer, 256)
            guard count > 0 else { return }
            for index in 0..<count {
                switch (state, handlerBuffer[index]) {
                case (_, 0x1B): state = 1
                case (1, UInt8(ascii: "[")): state = 2
                case (2, UInt8(ascii: "?")): state = 3
                case (3, UInt8(ascii: "0")...UInt8(ascii: "9")), (3, UInt8(ascii: ";")): break
                case (3, UInt8(ascii: "c")): return
                default: state = 0
                }
            }
        }
    }

    /// The settings as they were and the signals' handlers as they were.
    private static func putSettingsBack() {
        tcsetattr(savedInput, TCSANOW, &saved)
        for signal in guarded {
            var old = previous[Int(signal)]
            sigaction(signal, &old, nil)
        }
    }

    /// A handler for each ending signal the process does not ignore (one
    /// ignored stays ignored: `nohup`, a shell's `trap '' INT`).
    private static func installSignalHandlers() {
        guarded = endingSignals.filter { signal in
            var old = sigaction()
            sigaction(signal, nil, &old)
            previous[Int(signal)] = old
            return unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        }
        for signal in guarded {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                GraphicsProbeAhead.dropAnswers()
                tcsetattr(GraphicsProbeAhead.savedInput, TCSANOW, &GraphicsProbeAhead.saved)
                var old = GraphicsProbeAhead.previous[Int(signal)]
                sigaction(signal, &old, nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
