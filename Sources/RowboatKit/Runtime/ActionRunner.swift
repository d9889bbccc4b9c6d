#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RowboatCore
import RowboatSpec
import RowboatProcess
import Synchronization

/// Does the jobs of action plans off the UI thread and posts one
/// `.actionFinished` report per run: links opened, programs run in the
/// background (their own session, no terminal, output kept up to
/// `outputCap`), requests sent through the provider in order with at most
/// `requestsInFlight` at once, an embedding program's actions called. At
/// most `programSlots` programs run at once; a run can be cancelled (its
/// programs killed, its requests dropped) and `stopAll` leaves no child
/// behind. Interactive programs are the UI thread's (`TUIRunLoop`): they
/// need the terminal.
final class ActionRunner: Sendable {
    static let outputCap = 1 << 20
    static let requestsInFlight = 3
    static let programSlots = 4

    let provider: any PageProvider
    let custom: (@Sendable (Int, [RowModel]) async -> CustomActionOutcome)?
    let post: @Sendable (AppAction) -> Void
    let slots = Slots(ActionRunner.programSlots)
    /// Runs going on: their task and the process groups they started.
    private let runs = Mutex<[Int: (task: Task<Void, Never>?, pids: Set<Int32>)]>([:])

    init(provider: any PageProvider, custom: (@Sendable (Int, [RowModel]) async -> CustomActionOutcome)?,
         post: @escaping @Sendable (AppAction) -> Void) {
        self.provider = provider
        self.custom = custom
        self.post = post
    }

    /// Starts `plan` as run `runID`.
    func perform(_ plan: ActionPlan, runID: Int) {
        runs.withLock { $0[runID] = (nil, []) }
        let task = Task {
            var report = await self.report(for: plan, runID: runID)
            if Task.isCancelled { report.cancelled = true }
            _ = self.runs.withLock { $0.removeValue(forKey: runID) }
            self.post(.actionFinished(report))
        }
        runs.withLock { if $0[runID] != nil { $0[runID]!.task = task } }
    }

    /// Cancels runs `ids`: their programs are killed, the rest not done.
    func cancel(_ ids: [Int]) {
        for id in ids {
            guard let run = runs.withLock({ $0[id] }) else { continue }
            run.task?.cancel()
            for pid in run.pids { Self.kill(pid) }
        }
    }

    /// On quit: every run cancelled and every program killed at once.
    func stopAll() {
        cancel(runs.withLock { Array($0.keys) })
    }

    static func kill(_ pid: Int32) {
        // The program's whole group (it leads a session of its own).
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    // MARK: the jobs

    func report(for plan: ActionPlan, runID: Int) async -> ActionReport {
        var report = ActionReport(runID: runID, title: plan.title, endpoint: plan.endpoint, total: plan.jobs.count)
        var output = ""
        func failed(_ line: String, job: Int) {
            report.failed += 1
            let clean = Sanitizer.clean(line, limit: 200)
            if report.firstFailure == nil { report.firstFailure = clean }
            report.results[job] = .some(clean)
        }
        /// How the run is going, for the console: `text` is a running program's output so far.
        func progress(_ text: String = "") {
            var now = report
            let so = output + text
            if !so.isEmpty { now.output = String(so.suffix(Self.outputCap)) }
            post(.actionProgress(now))
        }
        let requests = plan.jobs.enumerated().compactMap { i, job -> (Int, ActionRequest, ActionSpec.Then)? in
            guard case .request(let method, let path, let body, let then) = job else { return nil }
            return (i, ActionRequest(endpoint: plan.endpoint, method: method, path: path, body: body), then)
        }
        if !requests.isEmpty {
            report.then = requests[0].2
            for (i, result) in await send(requests.map { ($0.0, $0.1) }, ended: { i, failure in
                var now = ActionReport(runID: runID, title: plan.title, endpoint: plan.endpoint, total: plan.jobs.count)
                now.results[i] = .some(failure)
                self.post(.actionProgress(now))
            }) {
                switch result {
                case .success(let row):
                    if let id = plan.rowIDs[i] { report.doneRowIDs.append(id) }
                    if let row { report.replacements.append(row) }
                    report.results[i] = .some(nil)
                case .failure(let error):
                    failed(error.description, job: i)
                }
            }
        }
        for (i, job) in plan.jobs.enumerated() {
            if Task.isCancelled {
                report.cancelled = true
                // The programs that did not run are named too.
                for case .run(let arguments, _, _) in plan.jobs[i...] { output += Self.commandLine(arguments) + "[not run: stopped]\n" }
                if !output.isEmpty { report.output = String(output.suffix(Self.outputCap)) }
                break
            }
            switch job {
            case .request:
                continue
            case .open(let url):
                let opener = LinkOpener(environment: ProcessInfo.processInfo.environment)
                if case .failure(let e) = await Self.offThread({ opener.open(url) }) { failed(e.description, job: i) } else {
                    report.results[i] = .some(nil)
                }
            case .run(let arguments, let input, _):
                output += Self.commandLine(arguments, input: input)
                progress()
                let (status, text) = await runProgram(arguments, input: input, runID: runID, live: { progress($0) })
                output += text
                if !text.isEmpty && !text.hasSuffix("\n") { output += "\n" }
                if let status {
                    failed(status, job: i)
                    output += "[\(status)]\n"
                } else {
                    report.results[i] = .some(nil)
                    if let id = plan.rowIDs[i] { report.doneRowIDs.append(id) }
                }
                report.output = String(output.suffix(Self.outputCap))
                if i < plan.jobs.count - 1 { progress() }
            case .custom(let index, let rows):
                guard let custom else { failed("no such action", job: i); continue }
                let outcome = await custom(index, rows)
                if let failure = outcome.failure { failed(failure, job: i); continue }
                report.results[i] = .some(nil)
                if let message = outcome.message { report.message = Sanitizer.clean(message, limit: 200) }
                report.doneRowIDs += rows.map(\.id)
                report.replacements += outcome.replacements
                if let copy = outcome.copy { report.copy = copy }
                if let job = outcome.handOver { report.handOver.append(job) }
                if report.then == .none { report.then = outcome.then }
            }
        }
        return report
    }

    /// The `$ …` line the output of a program starts with: its arguments
    /// as a shell would read them back (`ShellWords`), and what its
    /// standard input got.
    static func commandLine(_ arguments: [String], input: [UInt8]? = nil) -> String {
        "$ " + ShellWords.line(arguments) + (input.map { " < (\($0.count) bytes)" } ?? "") + "\n"
    }

    /// The requests in order, at most `requestsInFlight` at once; each
    /// result by its job's index.
    func send(_ requests: [(Int, ActionRequest)], ended: (Int, String?) -> Void = { _, _ in })
        async -> [(Int, Result<RowModel?, DataError>)] {
        var results: [(Int, Result<RowModel?, DataError>)] = []
        var next = 0
        await withTaskGroup(of: (Int, Result<RowModel?, DataError>).self) { group in
            func add() {
                guard next < requests.count else { return }
                let (index, request) = requests[next]
                next += 1
                group.addTask {
                    do {
                        return (index, .success(try await self.provider.perform(request)))
                    } catch {
                        return (index, .failure(error as? DataError ?? .network(String(describing: error))))
                    }
                }
            }
            for _ in 0..<Self.requestsInFlight { add() }
            while let result = await group.next() {
                results.append(result)
                if case .failure(let error) = result.1 { ended(result.0, Sanitizer.clean(error.description, limit: 200)) } else {
                    ended(result.0, nil)
                }
                if Task.isCancelled { group.cancelAll() } else { add() }
            }
        }
        return results.sorted { $0.0 < $1.0 }
    }

    /// Runs `arguments` in the background (a session of its own, stdin
    /// from `input` or /dev/null, stdout and stderr into one file); a
    /// failure line (exit status, a signal, could not start) or nil, and
    /// what it printed.
    func runProgram(_ arguments: [String], input: [UInt8]?, runID: Int,
                    live: (String) -> Void = { _ in }) async -> (String?, String) {
        await slots.take()
        defer { Task { await slots.give() } }
        if Task.isCancelled { return ("cancelled", "") }
        let path = NSTemporaryDirectory() + "rowboat-action-\(getpid())-\(runID)-\(UUID().uuidString.prefix(8)).out"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return ("cannot keep the output: \(String(cString: strerror(errno)))", "") }
        defer { unlink(path) }
        let stdin: ProcessInput
        switch StandardInput.open(input) {
        case .success(let given): stdin = given
        case .failure(let problem):
            close(fd)
            return (problem.description, "")
        }
        defer { if case .descriptor(let given) = stdin { close(given) } }
        let process: RunningProcess
        do {
            process = try ProcessRunner.spawn(ProcessSpec(arguments, stdin: stdin, stdout: .descriptor(fd), stderr: .descriptor(fd),
                                                          newSession: true))
        } catch {
            close(fd)
            return (error.description, "")
        }
        close(fd)
        runs.withLock { _ = $0[runID]?.pids.insert(process.pid) }
        let ended = Mutex(false)
        let waiting = Task { await Self.offThread { () -> ProcessResult in
            let result = process.wait()
            ended.withLock { $0 = true }
            return result
        } }
        // What it printed so far, as it prints it (the console follows a running program).
        var shown = 0
        while !ended.withLock({ $0 }) && !Task.isCancelled {
            try? await Task.sleep(for: Self.liveInterval)
            let size = FileSize.of(path)
            if size != shown && !ended.withLock({ $0 }) {
                shown = size
                live(Self.tail(of: path, bytes: Self.outputCap))
            }
        }
        let result = await waiting.value
        runs.withLock { _ = $0[runID]?.pids.remove(process.pid) }
        let text = Self.tail(of: path, bytes: Self.outputCap)
        let program = arguments[0]
        if let signal = result.signal { return ("\(program) was stopped by signal \(signal)", text) }
        return (result.status == 0 ? nil : "\(program) exited with status \(result.status)", text)
    }

    /// How often a running program's output is read for the console.
    static let liveInterval = Duration.milliseconds(200)

    /// The last `bytes` of the file at `path`, as text.
    static func tail(of path: String, bytes: Int) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > UInt64(bytes) ? size - UInt64(bytes) : 0)
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// `work` (blocking) on a thread of its own, awaited.
    static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    /// A counting semaphore for programs running at once.
    actor Slots {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = count }

        func take() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }
}
