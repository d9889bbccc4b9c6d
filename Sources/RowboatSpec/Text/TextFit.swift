/// Fitting text into columns: truncation with an ellipsis and wrapping, by
/// display width.
public enum TextFit {
    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        truncated(text, to: width).text
    }

    /// `truncate` and the columns its answer takes.
    public static func truncated(_ text: String, to width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if text.isPrintableASCII {
            let count = text.utf8.count
            return count <= width ? (text, count) : (String(text.prefix(width - 1)) + "…", width)
        }
        let total = DisplayWidth.of(text, stoppingAbove: width)
        if total <= width { return (text, total) }
        var out = ""
        var used = 0
        for c in text {
            let w = DisplayWidth.of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return (out + "…", used + 1)
    }

    /// `text` wrapped into lines of at most `width` columns, breaking at
    /// spaces where possible.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let w = DisplayWidth.of(String(word))
            if used > 0 && used + 1 + w > width {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 { line += " "; used += 1 }
            for c in word {
                let cw = DisplayWidth.of(c)
                if used + cw > width { lines.append(line); line = ""; used = 0 }
                line.append(c)
                used += cw
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
