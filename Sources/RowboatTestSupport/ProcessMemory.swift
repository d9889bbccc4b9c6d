#if canImport(Glibc)
import Glibc
#endif

/// A process's memory as Linux reports it in /proc: resident now (VmRSS)
/// and at its peak (VmHWM), in bytes; 0 when unknown. The tests and the
/// benchmarks that measure memory read it here.
public enum ProcessMemory {
    /// Resident bytes of process `pid` ("self" for this one).
    public static func resident(_ pid: String = "self") -> Int {
        field("VmRSS", of: pid)
    }

    /// The most resident bytes process `pid` had since it started (or
    /// since `resetPeak()`).
    public static func peak(_ pid: String = "self") -> Int {
        field("VmHWM", of: pid)
    }

    /// Resets this process's peak mark (Linux: 5 > /proc/self/clear_refs);
    /// false where that is not allowed.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0 && fflush(file) == 0
    }

    /// The `name:` line of /proc/PID/status, in bytes.
    static func field(_ name: String, of pid: String) -> Int {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            guard line.hasPrefix(name + ":") else { continue }
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                .first.flatMap { Int($0) } ?? 0
            return number * 1024
        }
        return 0
    }
}
