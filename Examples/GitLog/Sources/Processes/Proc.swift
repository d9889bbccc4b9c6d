#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What the example reads from /proc: the process ids, a process's name,
/// state and owner, and its whole status file.
enum Proc {
    /// The ids of the running processes whose name contains `filter` ("" for all), in order.
    static func pids(matching filter: String) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { Int32($0) }.sorted().filter { filter.isEmpty || name(of: $0).contains(filter) }
    }

    /// The process's status file as name/value pairs, in order (empty when it is gone).
    static func status(of pid: Int32) -> [(String, String)] {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    static func name(of pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
    }

    static func exists(_ pid: Int32) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)")
    }

    /// The real user id the status file gives ("" when it is gone).
    static func owner(of pid: Int32) -> String {
        status(of: pid).first { $0.0 == "Uid" }?.1.split(separator: "\t").first.map(String.init) ?? ""
    }

    /// Why SIGTERM could not be sent to `pid`.
    struct SignalFailed: Error, CustomStringConvertible {
        var description: String
    }

    static func terminate(_ pid: Int32) throws {
        if kill(pid, SIGTERM) != 0 {
            throw SignalFailed(description: "cannot stop \(pid): \(String(cString: strerror(errno)))")
        }
    }
}
