#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatCore
import RowboatSpec
import RowboatProcess
import RowboatTerminal
import RowboatViews
import RowboatCells

/// How the TUI ended; a signal becomes exit status 128 + its number
/// (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), as shells expect.
package enum TUIExit: Sendable, Equatable {
    case quit
    case signal(Int32)

    /// The process exit status for this ending.
    package var status: Int32 {
        switch self {
        case .quit: 0
        case .signal(let number): 128 + number
        }
    }
}

/// The UI thread's loop: it owns ncurses, sleeps in `poll()` on stdin and the
/// wake pipe, turns keys, signals and posted answers into actions, runs the
/// reducer, hands effects to the runner and draws the new frame. Idle, it
/// wakes only every 30 s to refresh relative times.
package final class TUIRunLoop {
    let wake = WakePipe()
    let screen: NCursesScreen
    package let inbox: ActionInbox
    let keyMap: KeyMap
    /// The state, changed only by the reducer (and by `run` at start).
    let store: AppStore
    var runner: EffectRunner!
    var spinnerFrame = 0
    /// The signal that asked the loop to end, if one did.
    var endingSignal: Int32?
    /// Effects handed to the runner once the next frame is drawn.
    var afterFrame = AfterFrameEffects()
    /// The source's lines for the status bar, asked once the terminal has started.
    package var notices: @Sendable () -> StartNotices = { StartNotices() }
    /// How thumbnails are drawn (`--images`, `images.mode`); `auto` asks the terminal at start.
    package var imageMode: ImageMode {
        get { screen.imageMode }
        set { screen.imageMode = newValue }
    }

    /// `theme` is used when the terminal allows colours (see `Theme.colorsAllowed`);
    /// `mouse` turns click and wheel reporting on. `observe` is called on the
    /// UI thread with the state after each action: how a `ListController`
    /// hears of selection and open.
    package init(state: AppState, keyMap: KeyMap = .default, theme: Theme = .default, mouse: Bool = true,
                 observe: (@Sendable (AppState) -> Void)? = nil) {
        self.store = AppStore(state, observe: observe)
        self.keyMap = keyMap
        self.screen = NCursesScreen(theme: theme)
        self.inbox = ActionInbox(wake: wake)
        screen.mouseEnabled = mouse
    }

    /// Runs until the user quits or a terminating signal arrives; the
    /// terminal is restored on every way out.
    ///
    /// `makeRunner` builds the effect runner (with `inbox.post` as its
    /// sink) before the terminal is taken over: the first page is asked for
    /// at once, and its read overlaps the terminal's answers and ncurses'
    /// start (what it posted by then is in the first frame). `makeImages`
    /// makes the images' service once the terminal has
    /// started, given the richest thumbnail colours it shows: direct
    /// colour, 240, 16 or 8 palette colours, or symbols only (monochrome
    /// theme, NO_COLOR), and the picture format when thumbnails go in
    /// pixels. The runner is stopped on the way out.
    /// Returns how it ended: the user quit, or a signal (SIGINT, SIGTERM,
    /// SIGHUP; a terminal that hung up counts as SIGHUP) asked it to.
    @discardableResult
    package func run(makeRunner: () -> EffectRunner,
                     makeImages: (ThumbnailColors, PixelFormat?) -> (any ImageService)?) throws -> TUIExit {
        // Keys first: background work yields the cores to this thread while it runs.
        BackgroundPriority.uiIsRunning = true
        defer { BackgroundPriority.uiIsRunning = false }
        runner = makeRunner()
        defer { runner.stop() }
        dispatch(.clock(Date().timeIntervalSince1970))
        if let size = NCursesScreen.windowSize() { dispatch(.resized(size)) }
        dispatch(.list(.appeared))
        try screen.start(wake: wake)
        defer { screen.stop() }
        // Asked now: what they come from (a cache database) opened while the terminal started.
        let lines = self.notices()
        store.update { state in
            lines.apply(to: &state.list.notice)
            state.imagesInfo = screen.graphics.reason
            if screen.graphics.choice == .off { state.turnImagesOff() }
        }
        runner.attach(images: makeImages(ThumbnailColors.best(colors: screen.colorCount, directColor: screen.directColor,
                                                               allowed: !screen.theme.isMonochrome),
                                         screen.graphics.pixels))
        dispatch(.resized(screen.size))
        // What came in while the terminal started (a first page read from the cache) is in the first frame.
        takePosted()
        draw()
        while !store.read(\.shouldQuit) {
            let busy = store.read(\.isLoading)
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout(busy: busy))
            if ready < 0 && errno != EINTR { return .signal(SIGHUP) }
            dispatch(.clock(Date().timeIntervalSince1970))
            for byte in wake.drain() { handleWakeByte(byte) }
            var drawn = false
            if fds[0].revents & Int16(POLLIN) != 0 {
                var pressed = false
                for key in screen.readKeys() {
                    if let action = store.read({ keyMap.action(for: key, in: $0) }) { dispatch(action); pressed = true }
                }
                // What a key did is drawn before more posted work is taken (a key waits for one budget, not two).
                if pressed, !store.read(\.shouldQuit) { draw(); drawn = true }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return .signal(SIGHUP)   // the terminal went away
            }
            let took = takePosted()
            if ready == 0 && busy { spinnerFrame += 1 }
            if !store.read(\.shouldQuit), took || !drawn { draw() }
        }
        return endingSignal.map(TUIExit.signal) ?? .quit
    }

    /// How long the posted actions (pages, parts of a streamed body,
    /// images) may hold the thread before the screen is drawn and keys are
    /// read again: a key waits for at most this much of them (its frame is
    /// drawn as soon as it is read, before the next posted actions). Half
    /// a 60 Hz frame: with 16 ms, a press now and then waited 50–52 ms
    /// while a million rows loaded; with 8 ms none over 50 ms in five runs,
    /// and the load took as long (`rowboat-bench load-keys`).
    static let postedBudget: UInt64 = 8_000_000

    /// Takes the posted actions in order until `postedBudget` has passed;
    /// the rest go back to the front of the inbox (and wake the loop at
    /// once), so keys pressed meanwhile are read between them.
    /// Returns whether any was taken.
    @discardableResult
    func takePosted() -> Bool {
        let taken = inbox.drain()
        let deadline = DispatchTime.now().uptimeNanoseconds + Self.postedBudget
        for (i, action) in taken.enumerated() {
            dispatch(action)
            if i + 1 < taken.count, DispatchTime.now().uptimeNanoseconds > deadline {
                inbox.putBack(taken[(i + 1)...])
                return true
            }
        }
        return !taken.isEmpty
    }

    /// How long poll may sleep: spinner frames while loading, until the
    /// toast expires, the next live tick is due or a change stops being
    /// marked, else 30 s (relative times).
    func timeout(busy: Bool) -> Int32 {
        var ms: Double = busy ? 100 : 30_000
        if let wait = store.read({ state in state.toast.map { $0.expiresAt - state.clock } }) {
            ms = min(ms, max(10, wait * 1000 + 5))
        }
        if let wait = store.read({ state in state.nextLiveTick.map { $0 - state.clock } }) {
            // Woken then, the loop's `.clock` starts the tick.
            ms = min(ms, max(0, wait * 1000 + 5))
        }
        if let wait = store.read({ state in state.list.changesExpiry(now: state.clock).map { $0 - state.clock } }) {
            // A changed cell is drawn plain again when its change is held long enough.
            ms = min(ms, max(10, wait * 1000 + 5))
        }
        return Int32(ms)
    }

    func handleWakeByte(_ byte: UInt8) {
        switch Int32(byte) {
        case 0: break   // an action was posted
        case SIGWINCH: dispatch(.resized(screen.refreshSize()))
        case SIGINT, SIGTERM, SIGHUP:
            endingSignal = endingSignal ?? Int32(byte)
            dispatch(.quitNow)
        default: break
        }
    }

    func dispatch(_ action: AppAction) {
        store.send(action) { effect in
            if case .performAction(let plan, let runID) = effect, plan.isInteractive {
                runInteractive(plan, runID: runID)
            } else if case .redrawScreen = effect {
                screen.forgetDrawn()
            } else if afterFrame.hold(effect) {
                return
            } else if case .sendNotifications(let notices) = effect {
                notify(notices)
            } else if case .copy(var request) = effect {
                // The terminal's clipboard is written here, where the terminal is owned.
                request.sentToTerminal = screen.copyToClipboard(request.text)
                runner?.run(.copy(request))
            } else {
                runner?.run(effect)
            }
        }
    }

    /// Notifications, where `notifications.via` sends them: the terminal's
    /// own sequences are written here (the terminal is owned here), the
    /// desktop's by the runner.
    func notify(_ notices: [Notice]) {
        let environment = ProcessInfo.processInfo.environment
        let route = TerminalNotification.route(store.read(\.notifications.via), environment: environment,
                                               hasNotifySend: Self.onPath("notify-send", environment))
        switch route {
        case .notifySend: runner?.run(.sendNotifications(notices))
        case .off: break
        default:
            for notice in notices {
                screen.writeNotification(TerminalNotification.bytes(title: notice.title ?? "", text: notice.text, route: route,
                                                                    tmux: environment["TMUX"] != nil))
            }
        }
    }

    /// Whether `program` is an executable in `PATH`.
    static func onPath(_ program: String, _ environment: [String: String]) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// An interactive action: each program gets the terminal in turn (the
    /// keyboard, the screen, Ctrl-C) and the screen comes back as it was;
    /// the report arrives as any other.
    func runInteractive(_ plan: ActionPlan, runID: Int) {
        var report = ActionReport(runID: runID, title: plan.title, endpoint: plan.endpoint, total: plan.jobs.count)
        for (i, job) in plan.jobs.enumerated() {
            guard case .run(let arguments, let input, _) = job else { continue }
            let outcome = screen.handOff { () -> String? in
                // Given input, the program reads its keys from /dev/tty (as `less` does).
                let stdin: ProcessInput
                switch StandardInput.open(input) {
                case .success(let given): stdin = input == nil ? .descriptor(STDIN_FILENO) : given
                case .failure(let problem): return problem.description
                }
                defer { if input != nil, case .descriptor(let given) = stdin { close(given) } }
                do {
                    let result = try ProcessRunner.run(ProcessSpec(arguments, stdin: stdin,
                                                                   stdout: .inherit, stderr: .inherit))
                    if let signal = result.signal { return "\(arguments[0]) was stopped by signal \(signal)" }
                    return result.status == 0 ? nil : "\(arguments[0]) exited with status \(result.status)"
                } catch {
                    return "\(error)"
                }
            }
            if let outcome {
                report.failed += 1
                report.firstFailure = report.firstFailure ?? Sanitizer.clean(outcome, limit: 200)
            } else if let id = plan.rowIDs[i] {
                report.doneRowIDs.append(id)
            }
        }
        inbox.post(.resized(screen.size))
        inbox.post(.actionFinished(report))
    }

    func draw() {
        // The state's clock (set as the loop woke), so what is drawn and what
        // the reducer decided (toasts, relative times) agree on "now".
        let state = store.current
        let grid = AppRenderer(theme: screen.theme).render(state, now: state.clock,
                                                           spinnerFrame: spinnerFrame, keyMap: keyMap)
        screen.draw(grid)
        for effect in afterFrame.take() { runner?.run(effect) }
    }
}
