import RowboatSpec

/// How a run of an action ended, as the effect runner reports it: how many
/// of its jobs were done and the first failure, what it does to the list
/// (`then`), a program's output and a kit action's message.
public struct ActionReport: Sendable, Equatable {
    public var runID: Int
    public var title: String
    /// The endpoint whose rows it acted on.
    public var endpoint: String
    public var total: Int
    public var failed: Int
    /// The first failure, one line (an HTTP status and the server's message,
    /// a program's exit status).
    public var firstFailure: String?
    /// What happens to the list once the jobs are done.
    public var then: ActionSpec.Then
    /// Rows whose jobs were done (`then: remove` takes them out).
    public var doneRowIDs: [String]
    /// The rows the answers hold (`then: replace` puts them in place).
    public var replacements: [RowModel]
    /// A program's output, kept for the pager (`O`).
    public var output: String?
    /// What a kit action said.
    public var message: String?
    public var cancelled: Bool
    /// Text a kit action asked to copy (the last one, when it ran on several rows).
    public var copy: CopyRequest?
    /// Programs a kit action hands the terminal to, in order, once it is done.
    public var handOver: [ActionPlan.Job] = []
    /// Each job's result by index, as it ended: nil done, else why it failed.
    public var results: [Int: String?] = [:]

    public init(runID: Int, title: String, endpoint: String, total: Int, failed: Int = 0, firstFailure: String? = nil,
                then: ActionSpec.Then = .none, doneRowIDs: [String] = [], replacements: [RowModel] = [],
                output: String? = nil, message: String? = nil, cancelled: Bool = false) {
        self.runID = runID
        self.title = title
        self.endpoint = endpoint
        self.total = total
        self.failed = failed
        self.firstFailure = firstFailure
        self.then = then
        self.doneRowIDs = doneRowIDs
        self.replacements = replacements
        self.output = output
        self.message = message
        self.cancelled = cancelled
    }

    /// The one line a toast says: "Close: done", "Close: 7 of 8 done — 1
    /// failed: HTTP 409 …", "Edit: cancelled".
    public var summary: String {
        if cancelled { return "\(title): cancelled" }
        if failed == 0 {
            if let message, !message.isEmpty { return message }
            return total > 1 ? "\(title): done for \(total) rows" : "\(title): done"
        }
        let what = total > 1 ? "\(total - failed) of \(total) done — \(failed) failed" : "failed"
        return "\(title): \(what)" + (firstFailure.map { ": \($0)" } ?? "")
    }
}

/// The actions started and not yet ended, and every run kept for the
/// console (`O`): this session's, after the last ones of earlier sessions.
public struct ActionRuns: Sendable, Equatable {
    /// How many runs are kept across sessions.
    public static let kept = 100

    /// Running now: run id → title.
    public var running: [Int: String] = [:]
    /// Every run kept, oldest first (the console lists them newest first).
    public var records: [ActionRecord] = []
    /// Runs that failed since the console was last opened (the status bar's badge).
    public var unseenFailures = 0
    public var lastRunID = 0

    public init() {}

    /// Starts counting a new run of `title`; its id.
    public mutating func start(_ title: String) -> Int {
        lastRunID += 1
        running[lastRunID] = title
        return lastRunID
    }

    /// The record of run `runID`, changed in place.
    public mutating func update(_ runID: Int, _ change: (inout ActionRecord) -> Void) {
        guard let index = records.lastIndex(where: { $0.runID == runID }) else { return }
        change(&records[index])
    }

    /// The record of run `runID`.
    public func record(_ runID: Int) -> ActionRecord? {
        records.last { $0.runID == runID }
    }

    /// The records newest first, as the console lists them.
    public var newestFirst: [ActionRecord] { records.reversed() }

    /// Runs read back from earlier sessions, before this session's (given
    /// ids below zero, so they never meet a running one's).
    public mutating func keepEarlier(_ earlier: [ActionRecord]) {
        let kept = earlier.suffix(Self.kept).enumerated().map { i, record in
            var record = record
            record.runID = -(i + 1)
            if record.outcome == .running { record.outcome = .cancelled }
            return record
        }
        records = kept + records
    }

    /// The records to store: the last `kept`, none running.
    public var toStore: [ActionRecord] {
        records.filter { $0.outcome != .running }.suffix(Self.kept)
    }
}

/// A program's output shown over the list (`O`): its lines, scrolled.
/// The same box is the action console: with `selection` set it lists the
/// runs (newest first) and Enter opens the selected one's output, which
/// follows the run while it goes on (`runID`).
public struct OutputPager: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    public var scroll: Int
    /// The console's selected run, newest first (nil: a run's output).
    public var selection: Int?
    /// The run whose output this is (nil: the console, or text of no run).
    public var runID: Int?

    public init(title: String, text: String, scroll: Int = 0, runID: Int? = nil) {
        self.title = title
        // Lines as written; each is sanitized where it is drawn.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines.isEmpty ? ["(no output)"] : lines
        self.scroll = scroll
        self.runID = runID
    }

    /// The console, its first line (the newest run) selected.
    public static func console(selection: Int = 0) -> OutputPager {
        var pager = OutputPager(title: "Actions", text: "")
        pager.lines = []
        pager.selection = selection
        return pager
    }

    /// True when it lists the runs.
    public var isConsole: Bool { selection != nil }
}
