import RowboatProcess
import Foundation

/// Opens a URL with the user's browser: each entry of `$BROWSER` (colon
/// separated, `%s` standing for the URL, else the URL appended) in turn,
/// then `xdg-open`. Blocking: call it off the UI thread. Package-wide: the
/// app's `auth login` opens the sign-in page with it too.
package struct LinkOpener {
    let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// The commands to try for `url`, in order.
    func candidates(for url: String) -> [[String]] {
        var out: [[String]] = []
        for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
            let words = entry.split(separator: " ").map(String.init)
            guard !words.isEmpty else { continue }
            out.append(words.contains("%s") ? words.map { $0 == "%s" ? url : $0 } : words + [url])
        }
        out.append(["xdg-open", url])
        return out
    }

    /// Opens `url`; a one-line message on failure naming the last command tried.
    package func open(_ url: String) -> Result<String, ProcessError> {
        var last = ProcessError("no browser")
        for argv in candidates(for: url) {
            switch ChildProcess.run(argv) {
            case .success(0): return .success(argv[0])
            case .success(let code): last = ProcessError("\(argv[0]) exited with status \(code)")
            case .failure(let e): last = e
            }
        }
        return .failure(ProcessError(last.description + " (set $BROWSER)"))
    }
}

/// Puts text on the clipboard: the tmux paste buffer inside tmux, else the
/// first of wl-copy, xclip and xsel that runs. Never writes to the terminal
/// itself (no OSC 52). Blocking: call it off the UI thread.
struct Clipboard {
    let environment: [String: String]

    func candidates() -> [[String]] {
        var out: [[String]] = []
        if environment["TMUX"] != nil { out.append(["tmux", "load-buffer", "-"]) }
        if environment["WAYLAND_DISPLAY"] != nil { out.append(["wl-copy"]) }
        if environment["DISPLAY"] != nil {
            out.append(["xclip", "-selection", "clipboard"])
            out.append(["xsel", "--clipboard", "--input"])
        }
        return out
    }

    /// Copies `text`; the tool used, or why none worked.
    func copy(_ text: String) -> Result<String, ProcessError> {
        let tools = candidates()
        guard !tools.isEmpty else {
            return .failure(ProcessError("no clipboard here (needs tmux, Wayland or X11)"))
        }
        var last = ProcessError("no clipboard tool")
        for argv in tools {
            switch ChildProcess.run(argv, input: Array(text.utf8)) {
            case .success(0): return .success(argv[0])
            case .success(let code): last = ProcessError("\(argv[0]) exited with status \(code)")
            case .failure(let e): last = e
            }
        }
        return .failure(last)
    }
}
