/// The hostile strings the text routes serve: terminal escape sequences in
/// their 7-bit (ESC) and 8-bit (C1) forms, sequences split across fields,
/// layout-breaking controls, bidi and invisible characters, and sizes that
/// stress measuring. Every payload that would do something to a terminal
/// carries a marker ("PWNED…", "HOSTILE-CLIPBOARD" in base64) so a test can
/// look for its effect.
public enum HostileText {
    /// One item: title, subtitle and description as the server sends them.
    public struct Entry: Sendable {
        public let title: String
        public let subtitle: String
        public let description: String
    }

    static let esc = "\u{1B}"
    static let bel = "\u{07}"
    static let st = "\u{1B}\\"
    /// base64("HOSTILE-CLIPBOARD")
    public static let clipboardPayload = "SE9TVElMRS1DTElQQk9BUkQ="
    /// The window/pane title the OSC 0/2 payloads try to set.
    public static let titlePayload = "PWNED-TITLE"

    /// `/text/escapes`: one item per trick; titles start with a readable tag
    /// so a test can find the row.
    public static let escapes: [Entry] = [
        Entry(title: "OSC0 \(esc)]0;\(titlePayload)\(bel)set title (BEL)",
              subtitle: "\(esc)]0;\(titlePayload)\(st)", description: "OSC 0 with BEL and ST terminators"),
        Entry(title: "OSC2 \(esc)]2;\(titlePayload)\(st)set title (ST)",
              subtitle: "\(esc)]1;\(titlePayload)\(bel)icon", description: "\(esc)]2;\(titlePayload)\(bel)"),
        Entry(title: "OSC8 \(esc)]8;;http://evil.example/\(st)hyperlink\(esc)]8;;\(st)",
              subtitle: "\(esc)]8;id=1;file:///etc/passwd\(bel)file link", description: "OSC 8 hyperlinks"),
        Entry(title: "OSC52 \(esc)]52;c;\(clipboardPayload)\(bel)clipboard write",
              subtitle: "\(esc)]52;p;\(clipboardPayload)\(st)primary", description: "\(esc)]52;c;?\(bel) clipboard read"),
        Entry(title: "DCS \(esc)P+q544e\(st)XTGETTCAP request",
              subtitle: "\(esc)Ptmux;\(esc)\(esc)]52;c;\(clipboardPayload)\(bel)\(st)passthrough",
              description: "\(esc)P$q\"p\(st) DECRQSS"),
        Entry(title: "CSI6n \(esc)[6ncursor report",
              subtitle: "\(esc)[21treport title", description: "\(esc)[c device attributes \(esc)[>c"),
        Entry(title: "CSI21t \(esc)[21twindow title report",
              subtitle: "\(esc)[14t\(esc)[18tsize reports", description: "\(esc)[?1049l\(esc)[?25h leave alt screen"),
        Entry(title: "OSC50 \(esc)]50;?\(bel)font query",
              subtitle: "\(esc)]50;#+1\(st)font set", description: "\(esc)]4;1;?\(bel) colour query"),
        Entry(title: "C1CSI \u{9B}6n eight-bit CSI",
              subtitle: "\u{9B}21t\u{9B}2J", description: "\u{9B}?1049l"),
        Entry(title: "C1OSC \u{9D}0;\(titlePayload)\u{9C}eight-bit OSC",
              subtitle: "\u{9D}52;c;\(clipboardPayload)\u{07}", description: "\u{9D}8;;http://evil.example/\u{9C}"),
        Entry(title: "C1DCS \u{90}+q544e\u{9C}eight-bit DCS",
              subtitle: "\u{90}tmux;\u{9C}", description: "\u{8D}\u{84}\u{85}\u{8E}\u{8F}\u{98}\u{9E}\u{9F} other C1"),
        Entry(title: "SPLIT title ends with ESC \(esc)",
              subtitle: "]0;\(titlePayload)\(bel) subtitle starts the OSC", description: "split across fields"),
        Entry(title: "SPLIT2 ends mid-sequence \(esc)]5",
              subtitle: "2;c;\(clipboardPayload)\(bel)", description: "\(esc)["),
        Entry(title: "CRBS line1\rOVERWRITE\u{8}\u{8}\u{8}xx\nline3\ttab\u{0B}\u{0C}",
              subtitle: "carriage\rreturn", description: "multi\nline\n\ndescription\twith\ttabs"),
        Entry(title: "BIDI \u{202E}exe.txt\u{202C} \u{2066}isolate\u{2069} \u{200F}rlm \u{061C}alm",
              subtitle: "\u{202B}embedding\u{202C}\u{202D}override\u{202C}", description: "\u{2067}\u{2068}\u{2069}"),
        Entry(title: "ZW zero\u{200B}width\u{200C}non\u{200D}joiner\u{2060}wj\u{FEFF}bom",
              subtitle: "\u{FEFF}starts with a BOM", description: "\u{E0041}\u{E0042}tags\u{FFF9}ann\u{FFFB}"),
        Entry(title: "SCREEN \(esc)[2J\(esc)[Hwipe \(esc)[8minvisible\(esc)[0m \(esc)[?1000hmouse",
              subtitle: "\(esc)c reset \(esc)7\(esc)8", description: "\(esc)[31;1;5mblink\(esc)[m"),
        Entry(title: "TMUX \(esc)kPWNED-NAME\(st)window name",
              subtitle: "\(esc)_APC\(st)\(esc)^PM\(st)\(esc)XSOS\(st)", description: "\(esc)]7;file://evil/\(bel)"),
        Entry(title: "NUL nul\u{0}byte del\u{7F}ete bell\u{07}",
              subtitle: "\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}", description: "\u{1A}\u{1C}\u{1D}\u{1E}\u{1F}"),
        Entry(title: "PLAIN a harmless row after all that", subtitle: "still aligned", description: "plain"),
    ]

    /// `/text/huge`: sizes that stress sanitizing, measuring and layout.
    public static let huge: [Entry] = [
        Entry(title: "HUGE1MB " + String(repeating: "abcdefghij", count: 104_858),
              subtitle: "a 1 MB title", description: "1 MB"),
        Entry(title: "COMBINING Z" + String(repeating: "\u{0301}", count: 100_000),
              subtitle: "100,000 combining marks on one letter", description: "combining"),
        Entry(title: "COMBINING2 marks in the subtitle",
              subtitle: "x" + String(repeating: "\u{0308}\u{0301}\u{20DD}", count: 33_334), description: "combining"),
        Entry(title: "WIDE " + String(repeating: "界", count: 50_000),
              subtitle: String(repeating: "🚀", count: 20_000), description: "wide"),
        Entry(title: "PLAIN after the huge rows", subtitle: "still aligned", description: "plain"),
    ]
}
