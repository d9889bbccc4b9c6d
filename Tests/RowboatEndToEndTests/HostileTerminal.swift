import Foundation
import Testing

/// Helpers for the hostile end-to-end tests: a hostile server started with
/// the real `rowboat-hostile` in a tmux pane of its own, a
/// config pointing at it, a pane whose raw output is logged from the very
/// first byte, and the check of that log.
enum HostileTerminal {
    /// A running `rowboat-hostile --port 0` and its base URL.
    final class Server {
        let pane: TmuxSession
        let baseURL: String

        init() async throws {
            pane = try TmuxSession(arguments: ["--port", "0"], columns: 200, rows: 5, program: TmuxSession.hostileBinary)
            let screen = try await pane.waitForScreen { $0.contains("listening on http://127.0.0.1:") }
            let pattern = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/
            guard let match = screen.firstMatch(of: pattern) else { throw POSIXError(.ECONNREFUSED) }
            baseURL = String(match.1)
        }

        /// Config/hostile.yaml pointed at this server, written to a temp file.
        func config() throws -> String {
            let text = try String(contentsOfFile: TmuxSession.packageRoot + "/Config/hostile.yaml", encoding: .utf8)
                .replacingOccurrences(of: "server: http://127.0.0.1:8090", with: "server: \(baseURL)")
            let path = pane.directory.appendingPathComponent("hostile.yaml").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// A fresh path for a raw output log.
    static func logPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-raw-\(UUID().uuidString).log").path
    }

    /// A pane wrapper, run inside the pane before rowboat: tmux accepts
    /// OSC 52 from the pane into its paste buffers (so a leak would show),
    /// and every byte the pane writes is logged to `log` from the start.
    /// `prelude` runs after that (e.g. the canary's printf).
    static func wrapper(log: String, prelude: String = "", redirect: String = "") -> [String] {
        let script = "tmux set -s set-clipboard on; tmux pipe-pane -o 'cat >> \(log)'; \(prelude) exec \"$0\" \"$@\" \(redirect)"
        return ["sh", "-c", script]
    }

    /// Browses endpoint `key` of `server`'s config with raw output logged.
    static func browse(_ key: String, on server: Server, log: String, columns: Int = 100, rows: Int = 30,
                       environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(arguments: ["--config", try server.config(), "--endpoint", key], columns: columns, rows: rows,
                        environment: environment, wrapper: wrapper(log: log))
    }

    /// The pane's title, as OSC 0/2 would have set it.
    static func paneTitle(_ tmux: TmuxSession) throws -> String {
        try tmux.tmux(["display-message", "-p", "-t", tmux.name, "#{pane_title}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// tmux's paste buffers, which OSC 52 would have filled.
    static func buffers(_ tmux: TmuxSession) throws -> String {
        try tmux.tmux(["list-buffers"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func readLog(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// The line of `screen` that holds `text`.
    static func line(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// The selection style: background 25 (default theme) or reverse video.
    static func isHighlighted(_ line: String?) -> Bool {
        guard let line else { return false }
        return line.contains("48;5;25") || line.hasPrefix("\u{1B}[7m") || line.hasPrefix("\u{1B}[0;7m")
    }
}

/// What may appear in the bytes a program writes to the terminal when it
/// draws only through ncurses: UTF-8 text, CR/LF/BS/TAB/SI, and the escape
/// sequences ncurses itself uses with tmux-256color (cursor moves, SGR,
/// scroll regions, insert/erase, modes, charset designation, save/restore).
/// Everything else — OSC (ESC ]), DCS (ESC P), APC/PM/SOS, ESC k, RIS, any
/// BEL or other C0, any C1 (as UTF-8 or as a raw byte), CSI reports such as
/// 6n or 21t — can only have come from data.
enum TerminalLog {
    /// CSI final bytes ncurses uses for tmux-256color.
    static let allowedCSIFinals = Set("@ABCDEFGHJKLMPSTXZbdfhlmr".unicodeScalars.map { UInt8($0.value) })
    /// Two-byte ESC sequences ncurses uses (save/restore cursor, keypad, index).
    static let allowedEscFinals = Set("78=>MDE".unicodeScalars.map { UInt8($0.value) })

    /// Every violation, each described with its offset; empty when clean.
    static func violations(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        func note(_ i: Int, _ what: String) {
            if found.count < 20 { found.append("at \(i): \(what)") }
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                guard i + 1 < bytes.count else { note(i, "ESC at the end"); i += 1; continue }
                let next = bytes[i + 1]
                if next == UInt8(ascii: "[") {
                    var j = i + 2
                    var privateMarker: UInt8?
                    while j < bytes.count, (0x30...0x3F).contains(bytes[j]) {
                        if (0x3C...0x3F).contains(bytes[j]) { privateMarker = bytes[j] }
                        j += 1
                    }
                    while j < bytes.count, (0x20...0x2F).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count, (0x40...0x7E).contains(bytes[j]) else {
                        note(i, "unterminated CSI"); i = j; continue
                    }
                    let final = bytes[j]
                    let text = String(decoding: bytes[i + 1...j], as: UTF8.self)
                    if !allowedCSIFinals.contains(final) { note(i, "CSI \(text.debugDescription)") }
                    if let marker = privateMarker, marker != UInt8(ascii: "?") { note(i, "private CSI \(text.debugDescription)") }
                    i = j + 1
                } else if next == UInt8(ascii: "(") || next == UInt8(ascii: ")") {
                    i += 3   // charset designation, e.g. ESC ( B
                } else if allowedEscFinals.contains(next) {
                    i += 2
                } else {
                    note(i, "ESC \(String(decoding: [next], as: UTF8.self).debugDescription)")
                    i += 2
                }
            case 0x0A, 0x0D, 0x08, 0x09, 0x0F:
                i += 1   // LF, CR, BS, TAB, and SI (the end of tmux-256color's sgr0)
            case 0x00...0x1F, 0x7F:
                note(i, "control byte 0x\(String(b, radix: 16))")
                i += 1
            case 0x20...0x7E:
                i += 1
            default:
                // UTF-8: a valid sequence whose scalar is not C1.
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0
                guard length > 0, i + length <= bytes.count,
                      let scalar = String(validating: bytes[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first
                else {
                    note(i, "byte 0x\(String(b, radix: 16)) outside valid UTF-8")
                    i += 1
                    continue
                }
                if (0x80...0x9F).contains(scalar.value) { note(i, "C1 U+\(String(scalar.value, radix: 16))") }
                i += length
            }
        }
        return found
    }
}
