#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the system lets a program's arguments carry, checked before a
/// `run` action starts, so a value is passed whole or refused in one line
/// that names the action and the field — never cut, never cleaned. No
/// argument can hold a NUL byte; on Linux one argument holds at most
/// 131,071 bytes (`MAX_ARG_STRLEN`, 128 KiB with its NUL); all of them
/// and the environment together at most `ARG_MAX`. A value past these
/// goes on the program's standard input (`stdin:`), which takes any bytes.
public enum ProgramArguments {
    /// The most bytes one argument may hold.
    public static let maxArgumentBytes: Int = {
        #if os(Linux)
        131_071
        #else
        Int.max
        #endif
    }()

    /// The most bytes the arguments and the environment may hold together
    /// (each string with its NUL and its pointer).
    public static let maxTotalBytes: Int = {
        let limit = Int(sysconf(Int32(_SC_ARG_MAX)))
        return limit > 0 ? limit : 131_072
    }()

    /// The bytes `strings` take in a program's argument area.
    public static func bytes(of strings: some Sequence<String>) -> Int {
        strings.reduce(0) { $0 + $1.utf8.count + 1 + MemoryLayout<UnsafeRawPointer>.size }
    }

    /// The bytes an environment takes in that area.
    public static func bytes(of environment: [String: String]) -> Int {
        environment.reduce(0) { $0 + $1.key.utf8.count + 1 + $1.value.utf8.count + 1 + MemoryLayout<UnsafeRawPointer>.size }
    }

    /// Why `argument` (made from `template`) cannot be one argument; nil
    /// when it can.
    public static func problem(_ argument: String, from template: Template) -> String? {
        if argument.utf8.contains(0) {
            return "\(template) holds a NUL byte, which a program argument cannot carry "
                + "(stdin: \"\(template)\" passes it on the program's standard input)"
        }
        if argument.utf8.count > maxArgumentBytes {
            return "\(template) comes to \(grouped(argument.utf8.count)) bytes; one program argument holds at most "
                + "\(grouped(maxArgumentBytes)) (stdin: \"\(template)\" passes it on the program's standard input)"
        }
        return nil
    }

    /// `n` with thousands separated by commas: 1,000,000.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return out
    }
}
