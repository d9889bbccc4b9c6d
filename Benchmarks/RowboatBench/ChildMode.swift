#if canImport(Glibc)
import Glibc
#endif
import CBenchReference
import Foundation

/// `rowboat-bench --child "MODE ARG..."`: what a benchmark runs inside a
/// pseudo-terminal (see `PtyProcess`). Hidden from the help; each mode is
/// one case here and a function elsewhere, and ends the process.
enum ChildMode {
    /// Runs `arguments` (mode first) and exits with its status.
    static func run(_ arguments: [String]) -> Never {
        let mode = arguments.first ?? ""
        let rest = Array(arguments.dropFirst())
        let status: Int32
        switch mode {
        case "render-ours": status = RenderBench.childOurs(rest)
        case "render-ref": status = RenderBench.childReference(rest)
        case "keypress-ref": status = ref_keypress_run()
        case "startup-ref": status = ref_startup_run(rest.first ?? "")
        case "paint-ours": status = PaintBench.childOurs(rest, pixels: false)
        case "paint-pixels": status = PaintBench.childOurs(rest, pixels: true)
        case "paint-cat": status = PaintBench.childCat(rest)
        case "paint-ncurses": status = PaintBench.childNCurses(rest)
        case "stream-ours": status = StreamBench.child(rest)
        case "demo-server": status = StreamBench.serve(rest)
        default:
            FileHandle.standardError.write(Data("rowboat-bench: unknown child mode \"\(mode)\"\n".utf8))
            status = 2
        }
        exit(status)
    }
}

/// The child's end of the control pipes: lines to the parent on fd 3, lines
/// from it on fd 4 (blocking; end of file means the parent has gone).
enum ChildControl {
    static func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(3, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }

    /// The next line from the parent, or nil when the pipe closed.
    static func receive() -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(4, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            if byte == 10 { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }

    /// True when the next line is `word`.
    static func expect(_ word: String) -> Bool { receive() == word }
}
