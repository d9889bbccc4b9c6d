import RowboatJQ
import RowboatSpec

/// What `fetch` prints items with: the format's writer, or `--jq`'s
/// results (one compact JSON line each). An item jq fails on is a line on
/// stderr (the first `problemLines` of them, then a count at the end).
struct FetchPrinter {
    var writer: ItemStreamFormatter
    var jq: JQItemOutput?
    var problems = 0

    /// Lines about items jq failed on, before the rest are only counted.
    static let problemLines = 10

    func begin() -> String { jq == nil ? writer.begin() : "" }

    mutating func page(_ items: [Item]) -> String {
        guard var filter = jq else { return writer.page(items) }
        let (text, failed) = filter.page(items)
        jq = filter
        for line in failed {
            problems += 1
            if problems <= Self.problemLines { StandardStreams.err("rowboat: --jq: \(line)") }
        }
        return text
    }

    func end() -> String { jq == nil ? writer.end() : "" }

    /// After the last page: how many items jq failed on past the lines
    /// shown; and when the expression turned itself off, the error.
    func finish() throws {
        if problems > Self.problemLines {
            StandardStreams.err("rowboat: --jq: \(problems - Self.problemLines) more items failed as well")
        }
        if let jq, let off = jq.program.off {
            throw CLIError("--jq: \(off.message); \(jq.skipped) items after it not passed through")
        }
    }
}
