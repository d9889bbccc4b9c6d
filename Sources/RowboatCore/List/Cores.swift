import Foundation

/// How work over many items is split over the processors: how many parts
/// (one below a threshold of items; at most eight), and the stretch of
/// the items each part takes.
enum Cores {
    /// Parts for `count` items: one below `threshold`, else one a processor (at most eight).
    static func parts(for count: Int, from threshold: Int) -> Int {
        count >= threshold ? Swift.min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
    }

    /// Part `part`'s stretch of `0..<count` split in `parts` of about as many, in order.
    @inline(__always)
    static func stretch(_ part: Int, of parts: Int, in count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }
}
