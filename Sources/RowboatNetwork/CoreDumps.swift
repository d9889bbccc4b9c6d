import Glibc

/// A process that holds credentials writes no core file: a crash must not
/// leave the tokens in its memory on disk. Done once the first secret is
/// in use (the soft and hard core limits set to 0, as ssh-agent does).
public enum CoreDumps {
    /// Turns core files off for the rest of the process.
    public static func disable() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
    }
}
