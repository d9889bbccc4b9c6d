/// The 64-bit FNV-1a hash: stable across runs and platforms, fast, and not
/// for security. Used for cache file and row names and for the cursors a
/// page walk remembers.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`, continuing from `hash` (the offset basis to start).
    public static func hash(_ bytes: some Sequence<UInt8>, from hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }
}
