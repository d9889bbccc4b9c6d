import RowboatSpec

/// `fetch --jq EXPR`: each item, as `--format jsonl` writes it (mapped
/// field names as keys), goes through the expression; each result is one
/// line of compact JSON (`jq -c`). Results are exact — jq's own JSON —
/// with every character a terminal must not get written as a `\uXXXX`
/// escape (JSON outside strings is ASCII, so only strings change, and
/// they mean the same). An item jq fails on is a line for stderr, not a
/// stop: the other items are printed.
public struct JQItemOutput: Sendable {
    public let program: JQProgram
    let encoder: JSONItemEncoder
    /// Items seen, to name the one a message is about.
    var seen = 0
    /// Items not passed through because the expression was off.
    public private(set) var skipped = 0

    public init(program: JQProgram, mapping: ItemMapping) {
        self.program = program
        encoder = JSONItemEncoder(fields: OutputFields(mapping: mapping))
    }

    /// The lines for one page of items, and a message per item jq failed
    /// on (`item 12: jq stopped: over 250 ms on one item (the limit)`).
    public mutating func page(_ items: [Item]) -> (text: String, problems: [String]) {
        var text = "", problems: [String] = []
        for item in items {
            seen += 1
            do {
                try program.run(json: encoder.object(item)) { output in
                    text += JQText.terminalSafe(output.json)
                    text += "\n"
                    return true
                }
            } catch where error.kind == .off {
                skipped += 1
            } catch {
                problems.append("item \(seen): \(error.message)")
            }
        }
        return (text, problems)
    }
}
