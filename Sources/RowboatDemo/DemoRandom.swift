/// A tiny deterministic SplitMix64 generator: the same seed always yields the
/// same sequence, on every platform and every run.
struct DemoRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator for a seed; `salt` separates independent streams
    /// derived from the same seed (e.g. catalog text vs. image pixels).
    init(seed: Int, salt: UInt64 = 0) {
        state = UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15 ^ salt
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A value in a closed range.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T {
        values[below(values.count)]
    }
}
