import Foundation
import RowboatTestSupport
import RowboatProcess
import Testing

/// A real pixel terminal for end-to-end tests: an X server of its own
/// (Xvfb, which picks a free display), one terminal window at the top-left
/// corner running rowboat, keys typed with xdotool (XTEST, as a keyboard
/// would) and screenshots taken with ImageMagick's `import` as PPM.
/// Everything it started is killed when it goes.
final class PixelTerminal {
    /// The terminals the tests drive, with how each is started.
    enum Kind: String, CustomStringConvertible {
        /// xterm as a VT340: sixel graphics, 256 colour registers, the
        /// `6x13` bitmap font (text is drawn in its own colours only).
        case xtermVT340
        /// kitty (Debian's, 0.26: kitty graphics placed at cells).
        case kitty

        var description: String { rawValue }

        func command(columns: Int, rows: Int, script: String) -> [String] {
            switch self {
            case .xtermVT340:
                ["xterm", "-ti", "vt340", "-tn", "xterm-256color", "-xrm", "XTerm*decTerminalID: vt340",
                 "-xrm", "XTerm*numColorRegisters: 256", "-b", "0", "-fn", "6x13",
                 "-geometry", "\(columns)x\(rows)+0+0", "-e", "sh", "-c", script]
            case .kitty:
                ["kitty", "--config", "NONE", "-o", "initial_window_width=\(columns)c",
                 "-o", "initial_window_height=\(rows)c", "-o", "window_padding_width=0",
                 "-o", "remember_window_size=no", "sh", "-c", script]
            }
        }
    }

    let directory: String
    let columns: Int, rows: Int
    private(set) var display = ""
    private var server: RunningProcess?
    private var terminal: RunningProcess?
    private(set) var window = ""
    /// The prefix of the files the running start's rowboat writes.
    private var run = "run1-"

    /// Starts the X server and `kind` running rowboat with `arguments`
    /// (and its built-in demo when they name no config).
    init(_ kind: Kind, arguments: [String], columns: Int = 120, rows: Int = 40) throws {
        self.columns = columns
        self.rows = rows
        directory = NSTemporaryDirectory() + "rowboat-pixels-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // -displayfd 1: Xvfb chooses a free display and prints its number.
        server = try ProcessRunner.spawn(ProcessSpec(["Xvfb", "-displayfd", "1", "-screen", "0", "1600x1000x24",
                                                      "-nolisten", "tcp"], stdout: .file(directory + "/display"),
                                                      stderr: .file(directory + "/server")))
        display = try poll("display") { [self] in
            let number = file("display").trimmingCharacters(in: .whitespacesAndNewlines)
            return Int(number) != nil ? ":" + number : nil
        }
        let command = ([TmuxSession.binary] + arguments).map(TmuxSession.quote).joined(separator: " ")
        let environment = ProcessRunner.environment(["DISPLAY": display, "LANG": "C.UTF-8", "NO_COLOR": nil,
                                                     "TMUX": nil, "XDG_CACHE_HOME": directory + "/cache",
                                                     "XDG_CONFIG_HOME": directory + "/config"])
        // The display is ours: its one visible window is the terminal. A
        // terminal that ended first, or never showed one, is started once
        // more (the harness's start, not what is tested); a second failure
        // is told with what the terminal, rowboat and the X server said.
        var firstFailure: ProcessError?
        for attempt in 1...2 {
            // Each start's rowboat writes files of its own: one killed may still end after the next began.
            run = "run\(attempt)-"
            let script = "cd \(TmuxSession.quote(TmuxSession.packageRoot)); \(command) 2> \(directory)/\(run)stderr; "
                + "echo $? > \(directory)/\(run)exit.tmp; mv \(directory)/\(run)exit.tmp \(directory)/\(run)exit"
            terminal = try ProcessRunner.spawn(ProcessSpec(kind.command(columns: columns, rows: rows, script: script),
                                                           environment: environment, stderr: .file(directory + "/terminal")))
            do {
                window = try awaitWindow(kind)
                break
            } catch let error as ProcessError {
                if let running = terminal {
                    kill(running.pid, SIGKILL)
                    _ = running.wait()
                    terminal = nil
                }
                guard attempt == 1 else {
                    throw ProcessError("\(error.description) (the first start: \(firstFailure?.description ?? "?"))")
                }
                firstFailure = error
                FileHandle.standardError.write(Data("PixelTerminal: \(kind) started again: \(error.description)\n".utf8))
            }
        }
        try x(["xdotool", "windowfocus", window])
    }

    /// The terminal's window, once it is shown (20 s at most).
    private func awaitWindow(_ kind: Kind) throws -> String {
        guard let started = terminal else { throw ProcessError("\(kind) was not started") }
        return try poll("window", saying: { [self] in failure(of: kind) }) { [self] in
            if let status = Self.ended(started.pid) {
                terminal = nil  // collected: its pid is no longer ours to kill
                throw ProcessError("\(kind) ended (\(status)) before its window came; \(failure(of: kind))")
            }
            let found = (try? x(["xdotool", "search", "--onlyvisible", "--name", "."])) ?? ""
            return found.split(separator: "\n").first.map(String.init)
        }
    }

    deinit {
        for process in [terminal, server].compactMap({ $0 }) {
            kill(process.pid, SIGKILL)
            _ = process.wait()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs an X client on this display; returns its output.
    @discardableResult
    func x(_ arguments: [String]) throws -> String {
        let environment = ProcessRunner.environment(["DISPLAY": display])
        let r = try ProcessRunner.run(ProcessSpec(arguments, environment: environment, stdout: .capture))
        guard r.status == 0 else { throw ProcessError("\(arguments[0]) exited \(r.status)") }
        return r.stdout
    }

    /// Types keys (xdotool names: `v`, `Next`, `question`, `q`) into the
    /// focused terminal (xterm ignores keys sent to a window by name).
    func key(_ names: String...) throws {
        try x(["xdotool", "key"] + names)
    }

    /// The whole screen now.
    func screenshot() throws -> Screenshot {
        let path = directory + "/shot.ppm"
        try x(["import", "-window", "root", "-depth", "8", "ppm:" + path])
        return try Screenshot(ppm: Array(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The terminal window's size in pixels over its cells: one cell.
    func cellSize() throws -> (width: Int, height: Int) {
        let text = try x(["xdotool", "getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return ((values["WIDTH"] ?? 0) / columns, (values["HEIGHT"] ?? 0) / rows)
    }

    /// Takes screenshots until `predicate` holds (the visible effect
    /// awaited); records an issue and returns the last one at the deadline.
    @discardableResult
    func waitForScreen(timeout: Double = 60, _ what: String, _ predicate: (Screenshot) -> Bool) async throws -> Screenshot {
        var last: Screenshot?
        if let matched = try await eventuallyValue(timeout: timeout, every: 0.2, { () throws -> Screenshot? in
            let shot = try screenshot()
            last = shot
            return predicate(shot) ? shot : nil
        }) { return matched }
        // Kept for a look: the shot that never matched.
        let kept = NSTemporaryDirectory() + "rowboat-pixels-unmatched-\(getpid())-\(UUID().uuidString.prefix(6)).ppm"
        try? FileManager.default.copyItem(atPath: directory + "/shot.ppm", toPath: kept)
        Issue.record("the screen never showed \(what); the last screenshot: \(kept)")
        return try last ?? screenshot()
    }

    /// rowboat's exit status, once it has ended (nil: it has not).
    func waitForExit(timeout: Double = 20) async throws -> Int? {
        await eventuallyValue(timeout: timeout) { Int(file(run + "exit").trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What rowboat wrote to its standard error.
    var rowboatStderr: String { file(run + "stderr") }

    func file(_ name: String) -> String {
        (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
    }

    /// Start-up: polls `found` until it gives a value (20 s at most).
    private func poll(_ what: String, saying: () -> String = { "" },
                      _ found: () throws -> String?) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let value = try found() { return value }
            usleep(50_000)
        }
        throw ProcessError("no \(what) came in 20 s; \(saying())")
    }

    /// What the terminal and the X server printed, for a start that failed.
    private func failure(of kind: Kind) -> String {
        "display \(display), \(kind) said: \(file("terminal").debugDescription), "
            + "rowboat said: \(rowboatStderr.debugDescription), Xvfb said: \(file("server").suffix(400).debugDescription)"
    }

    /// How a child that has ended (now collected) ended, or nil while it runs.
    private static func ended(_ pid: Int32) -> String? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
    }
}

/// A screenshot's pixels (binary PPM, 8 bits a sample), read by cell rectangles.
struct Screenshot: Equatable {
    let width: Int, height: Int
    let rgb: [UInt8]

    init(ppm bytes: [UInt8]) throws {
        // "P6" width height maxval, each after whitespace, then one whitespace byte.
        var fields: [Int] = [], i = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw ProcessError("not a binary PPM") }
        while fields.count < 3 && i < bytes.count {
            while i < bytes.count && (bytes[i] == 0x20 || (0x09...0x0D).contains(bytes[i])) { i += 1 }
            var value = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { value = value * 10 + Int(bytes[i] - 0x30); i += 1 }
            fields.append(value)
        }
        guard fields.count == 3, fields[2] == 255, bytes.count - (i + 1) >= fields[0] * fields[1] * 3 else {
            throw ProcessError("a PPM of an unexpected shape")
        }
        (width, height) = (fields[0], fields[1])
        rgb = Array(bytes[(i + 1)..<(i + 1 + width * height * 3)])
    }

    /// The pixels of a rectangle of cells, row by row (packed 0xRRGGBB),
    /// less `inset` pixels along each edge.
    func pixels(column: Int, row: Int, columns: Int, rows: Int, cell: (width: Int, height: Int),
                inset: Int = 0) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(columns * rows * cell.width * cell.height)
        for y in row * cell.height + inset..<min(height, (row + rows) * cell.height - inset) {
            for x in column * cell.width + inset..<min(width, (column + columns) * cell.width - inset) {
                let p = (y * width + x) * 3
                out.append(UInt32(rgb[p]) << 16 | UInt32(rgb[p + 1]) << 8 | UInt32(rgb[p + 2]))
            }
        }
        return out
    }

    /// How many different colours a rectangle of cells holds.
    func colours(column: Int, row: Int, columns: Int, rows: Int, cell: (width: Int, height: Int)) -> Int {
        Set(pixels(column: column, row: row, columns: columns, rows: rows, cell: cell)).count
    }
}
