import ArgumentParser

/// The ranges of numeric options. A value outside its range is a usage
/// mistake (exit 64, with the pointer to `--help`) that names the option
/// and the range. Numeric options parse their value unconditionally
/// (`parsing: .unconditional`), so `--port -5` reads -5 and is refused
/// here instead of being taken for a flag ("Missing value").
enum OptionRange {
    /// A TCP port to listen on; 0 picks a free one.
    static func port(_ value: Int, option: String) throws(ValidationError) {
        guard (0...65535).contains(value) else {
            throw ValidationError("\(option) must be a port from 0 to 65535 (0 picks a free one), not \(value)")
        }
    }

    /// A whole number in `range`, described as `what` ("columns").
    static func whole(_ value: Int, _ range: ClosedRange<Int>, _ what: String, option: String) throws(ValidationError) {
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)"
                : "from \(range.lowerBound) to \(range.upperBound)"
            throw ValidationError("\(option) must be \(bounds) \(what), not \(value)")
        }
    }

    /// Seconds: more than 0 and at most `maximum`.
    static func seconds(_ value: Double, maximum: Double, option: String) throws(ValidationError) {
        guard value > 0, value <= maximum else {
            let shown = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
            throw ValidationError("\(option) must be more than 0 and at most \(Int(maximum)) seconds, not \(shown)")
        }
    }
}
