import Foundation

/// One benchmark row: ours against a reference, the ratio and its target.
struct BenchResult: Codable {
    var name: String
    /// What one sample is, e.g. "page-down + frame, 200x50".
    var unit: String
    var ours: Double
    var reference: Double?
    var referenceName: String
    /// Ratio at or below which the row passes (nil: only reported).
    var target: Double?
    var note: String = ""
    /// What `ours` and `reference` measure: seconds, bytes (shown in MB),
    /// bytes-small (B or KB) or a fraction.
    var measure: String = "seconds"

    var ratio: Double? { reference.map { $0 > 0 ? ours / $0 : .infinity } }
    var passed: Bool? {
        guard let target, let ratio else { return nil }
        return ratio <= target
    }
}

/// Timing: ours and the reference alternate within one run (the order
/// swapped every repetition), each sample repeating the operation `inner`
/// times; the median of the samples is kept. Shared, noisy machines make
/// absolute figures meaningless; the ratio of medians is what we report.
enum Bench {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Nanoseconds of CPU this process has used, on every thread (what
    /// work costs whatever else shares the cores).
    static func processCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds of CPU the calling thread has used (the UI thread's
    /// share of work, whatever else shares the cores).
    static func threadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Median seconds per operation of `ours` and `reference`.
    static func compare(reps: Int, inner: Int, ours: () -> Void, reference: () -> Void) -> (Double, Double) {
        // One warm-up each.
        ours()
        reference()
        var a: [Double] = [], b: [Double] = []
        for rep in 0..<reps {
            func sample(_ op: () -> Void) -> Double {
                let start = now()
                for _ in 0..<inner { op() }
                return Double(now() - start) / 1e9 / Double(inner)
            }
            if rep % 2 == 0 {
                a.append(sample(ours)); b.append(sample(reference))
            } else {
                b.append(sample(reference)); a.append(sample(ours))
            }
        }
        return (median(a), median(b))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// "12.3 µs"-style text for seconds.
    static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        if seconds >= 1e-6 { return String(format: "%.2f µs", seconds * 1e6) }
        return String(format: "%.0f ns", seconds * 1e9)
    }

    static func table(_ results: [BenchResult]) -> String {
        var lines = ["benchmark | ours | reference | ratio | target | result", "---|---|---|---|---|---"]
        for r in results {
            func show(_ value: Double) -> String {
                if value.isNaN { return "n/a" }
                return switch r.measure {
                case "bytes": String(format: "%.1f MB", value / 1_048_576)
                case "bytes-small": value < 10_240 ? String(format: "%.0f B", value) : String(format: "%.1f KB", value / 1024)
                case "fraction": String(format: "%.2f%%", value * 100)
                case "count": String(format: "%.3f", value)
                default: time(value)
                }
            }
            let reference = r.reference.map { "\(show($0)) (\(r.referenceName))" } ?? r.referenceName
            let ratio = r.ratio.map { $0.isFinite ? String(format: "%.2f×", $0) : "—" } ?? "—"
            let target = r.target.map { String(format: "≤ %.2f×", $0) } ?? "—"
            let result = r.passed.map { $0 ? "pass" : "FAIL" } ?? "—"
            lines.append("\(r.name) [\(r.unit)] | \(show(r.ours)) | \(reference) | \(ratio) | \(target) | \(result)")
            if !r.note.isEmpty { lines.append("  ↳ \(r.note) | | | | |") }
        }
        return lines.joined(separator: "\n")
    }
}
