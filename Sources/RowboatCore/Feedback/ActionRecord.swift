import RowboatSpec

/// One run of an action as the console (`O`) keeps it: what ran (each
/// job's command line as a POSIX shell would quote it, a request's method
/// and path, a link), on which rows, when, how it is going or ended, each
/// row's result and the output so far. Secrets are redacted in everything
/// it holds, and the output keeps its last `outputCap` bytes (said when
/// cut), so a record is safe to draw and to store.
public struct ActionRecord: Sendable, Equatable, Codable {
    /// How much output a record keeps: its last 64 KB.
    public static let outputCap = 64 * 1024

    /// Where the run is.
    public enum Outcome: String, Sendable, Codable {
        case running, done, failed, cancelled
    }

    /// The run's id in this session (runs read back from an earlier one
    /// get negative ids, so they never meet a running one's).
    public var runID: Int
    public var title: String
    public var endpoint: String
    /// What each job does, one line each: "$ " and a program's command
    /// line as a POSIX shell would quote it, a request's method and path,
    /// "open" and a link.
    public var commands: [String]
    /// The row each job is for ("the 3 marked rows" for a job for all of them).
    public var rows: [String]
    /// When it started and ended (seconds since 1970).
    public var startedAt: Double
    public var endedAt: Double?
    public var outcome: Outcome
    /// Each job's result by index as it ends: nil done, else why it failed.
    public var results: [Int: String?]
    public var firstFailure: String?
    public var output: String
    /// True when the start of the output was left out (past `outputCap`).
    public var outputCut: Bool

    public init(runID: Int, title: String, endpoint: String, commands: [String], rows: [String], startedAt: Double) {
        self.runID = runID
        self.title = Secrets.redact(title)
        self.endpoint = endpoint
        self.commands = commands.map(Secrets.redact)
        self.rows = rows.map(Secrets.redact)
        self.startedAt = startedAt
        self.outcome = .running
        self.results = [:]
        self.output = ""
        self.outputCut = false
    }

    /// The jobs, done and failed so far.
    public var total: Int { max(commands.count, rows.count) }
    public var failed: Int { results.values.filter { $0 != nil }.count }
    public var done: Int { results.count - failed }

    /// Takes in what the runner reports: output, results, and the end when it is one.
    public mutating func update(_ report: ActionReport, finished: Bool, at now: Double) {
        if let text = report.output { setOutput(text) }
        // `updateValue`: a nil result (done) is kept, not taken for a removal.
        for (index, failure) in report.results { results.updateValue(failure.map { Secrets.redact($0) }, forKey: index) }
        if let failure = report.firstFailure { firstFailure = Secrets.redact(failure) }
        guard finished else { return }
        endedAt = now
        // A one-job run reported without per-job results (an interactive program's) is its outcome.
        if total == 1 && results.isEmpty && !report.cancelled {
            results.updateValue(report.failed > 0 ? report.firstFailure.map { Secrets.redact($0) } ?? "failed" : nil, forKey: 0)
        }
        outcome = report.cancelled ? .cancelled : report.failed > 0 ? .failed : .done
        if let message = report.message, output.isEmpty { setOutput(message + "\n") }
    }

    /// Keeps the output's last `outputCap` bytes, secrets redacted.
    mutating func setOutput(_ text: String) {
        let clean = Secrets.redact(text)
        let bytes = Array(clean.utf8)
        guard bytes.count > Self.outputCap else {
            output = clean
            return
        }
        // From the first line start inside the kept tail, so no line is half.
        var tail = bytes[(bytes.count - Self.outputCap)...]
        if let newline = tail.firstIndex(of: UInt8(ascii: "\n")), newline < tail.endIndex - 1 {
            tail = tail[(newline + 1)...]
        }
        output = String(decoding: tail, as: UTF8.self)
        outputCut = true
    }

    /// How it went in a few words: "running · 12 of 40 done · 1 failed",
    /// "done", "failed: exited with status 1", "cancelled".
    public var progress: String {
        let counts = total > 1 ? "\(done) of \(total) done" + (failed > 0 ? " · \(failed) failed" : "") : nil
        switch outcome {
        case .running: return ["running", counts].compactMap { $0 }.joined(separator: " · ")
        case .cancelled: return ["cancelled", counts].compactMap { $0 }.joined(separator: " · ")
        case .done: return counts ?? "done"
        case .failed: return counts ?? "failed" + (firstFailure.map { ": \($0)" } ?? "")
        }
    }

    /// The text its pager shows: what ran, on which rows, each row's
    /// result, then the output (said when cut).
    public func pagerText(now: Double) -> String {
        var lines = ["\(progress) · started \(ValueFormatter.relative(startedAt, now: now))"]
        if total > 1 || rows.count == 1 {
            for index in 0..<total {
                let row = index < rows.count ? rows[index] : "job \(index + 1)"
                let result: String
                switch results[index] {
                case nil: result = outcome == .running ? "…" : "not run"
                case .some(nil): result = "✓ done"
                case .some(.some(let failure)): result = "✗ " + failure
                }
                lines.append("\(row): \(result)")
            }
        }
        // A program's command line starts its own output; the others are said here.
        lines += commands.filter { output.isEmpty || !$0.hasPrefix("$ ") }
        lines.append("")
        if outputCut { lines.append("[the output's start is cut: the last \(Self.outputCap / 1024) KB are kept]") }
        var text = lines.joined(separator: "\n") + "\n"
        text += output.isEmpty ? (outcome == .running ? "(no output yet)\n" : "(no output)\n") : output
        return text
    }
}
