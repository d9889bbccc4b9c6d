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

/// The actions started and not yet ended, and the last program output.
public struct ActionRuns: Sendable, Equatable {
    /// Running now: run id → title.
    public var running: [Int: String] = [:]
    /// The last output a program left, and whose.
    public var lastOutput: (title: String, text: String)?
    public var lastRunID = 0

    public init() {}

    /// Starts counting a new run of `title`; its id.
    public mutating func start(_ title: String) -> Int {
        lastRunID += 1
        running[lastRunID] = title
        return lastRunID
    }

    public static func == (a: ActionRuns, b: ActionRuns) -> Bool {
        a.running == b.running && a.lastRunID == b.lastRunID
            && a.lastOutput?.title == b.lastOutput?.title && a.lastOutput?.text == b.lastOutput?.text
    }
}

/// A program's output shown over the list (`O`): its lines, scrolled.
public struct OutputPager: Sendable, Equatable {
    public var title: String
    public var lines: [String]
    public var scroll: Int

    public init(title: String, text: String, scroll: Int = 0) {
        self.title = title
        // Lines as written; each is sanitized where it is drawn.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines.isEmpty ? ["(no output)"] : lines
        self.scroll = scroll
    }
}
