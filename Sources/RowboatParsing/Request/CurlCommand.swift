import RowboatSpec

/// A curl command as people paste it (from an API's docs, or a browser's
/// "Copy as cURL"), read as data: never handed to a shell. Words are split
/// as a POSIX shell splits them — blanks between words, `'…'` literal,
/// `"…"` with `\"`, `\\`, `\$` and `` \` `` escapes, `$'…'` with C escapes,
/// a backslash before a character outside quotes, and `\` at a line's end
/// joining the next line — but nothing is expanded or run: `$(…)`,
/// backticks, `$VAR`, `;`, `|` and `&&` are plain text (a `;` ends no
/// command: the word after it is one more argument, refused as a second
/// URL). The flags understood: `-H`/`--header`, `-u`/`--user`,
/// `-d`/`--data`/`--data-raw`/`--data-binary`/`--data-ascii`,
/// `-X`/`--request`, `-G`/`--get`, `--compressed`, `--url`, `-A`
/// (`--user-agent`), `-b` (`--cookie`), `-e` (`--referer`), and the
/// quiet ones that change nothing here (`-s`, `-S`, `-L`, `-i`, `-v`,
/// `-k`, …). Anything else is one line naming it.
public struct CurlCommand: Sendable, Equatable {
    public var url: String
    /// GET, POST, or what `-X` said.
    public var method: String
    /// Headers in the order given (`-A`, `-b` and `-e` as the headers they are).
    public var headers: [(name: String, value: String)]
    /// `-u name:password`.
    public var user: String?
    /// `-d` values joined by `&` (as curl joins them); with `-G` they are in the URL's query instead.
    public var body: String?

    public static func == (a: CurlCommand, b: CurlCommand) -> Bool {
        a.url == b.url && a.method == b.method && a.user == b.user && a.body == b.body
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }

    /// Why a command could not be read: one line.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ message: String) { description = Sanitizer.clean(message, limit: 300) }
    }

    /// The longest command read (a pasted one is far shorter).
    public static let maxLength = 1 << 20

    /// Flags that take a value and what they are.
    static let valued: [String: String] = [
        "-H": "header", "--header": "header", "-u": "user", "--user": "user",
        "-d": "data", "--data": "data", "--data-raw": "data", "--data-binary": "data", "--data-ascii": "data",
        "-X": "request", "--request": "request", "--url": "url", "-A": "agent", "--user-agent": "agent",
        "-b": "cookie", "--cookie": "cookie", "-e": "referer", "--referer": "referer",
        "-m": "ignore", "--max-time": "ignore", "--connect-timeout": "ignore", "--retry": "ignore",
    ]
    /// Flags without a value that change nothing for the import.
    static let quiet: Set<String> = [
        "--compressed", "-s", "--silent", "-S", "--show-error", "-L", "--location", "-i", "--include", "-v",
        "--verbose", "-k", "--insecure", "-f", "--fail", "--http1.1", "--http2", "-g", "--globoff", "-N",
        "--no-buffer", "-#", "--progress-bar",
    ]
    /// Short flags without a value (for bundles like `-sSL`).
    static let quietShort: Set<Character> = ["s", "S", "L", "i", "v", "k", "f", "g", "N", "#", "G"]

    /// Reads `text` (with or without the leading `curl`).
    public static func parse(_ text: String) throws(Failure) -> CurlCommand {
        guard text.utf8.count <= maxLength else { throw Failure("the curl command is longer than \(maxLength) bytes") }
        var words = try ShellSplit.words(text)
        if words.first == "curl" { words.removeFirst() }
        guard !words.isEmpty else { throw Failure("the curl command has no URL") }
        var urls: [String] = [], headers: [(String, String)] = [], data: [String] = []
        var user: String?, method: String?, get = false
        var i = 0
        func value(_ flag: String) throws(Failure) -> String {
            i += 1
            guard i < words.count else { throw Failure("curl \(flag) wants a value") }
            return words[i]
        }
        while i < words.count {
            var word = words[i]
            var attached: String?
            // `-HValue`, `--header=Value`.
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "="), valued[String(word[..<eq])] != nil {
                attached = String(word[word.index(after: eq)...])
                word = String(word[..<eq])
            } else if word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--"), valued[String(word.prefix(2))] != nil {
                attached = String(word.dropFirst(2))
                word = String(word.prefix(2))
            }
            if let kind = valued[word] {
                let v: String
                if let attached { v = attached } else { v = try value(word) }
                switch kind {
                case "header":
                    guard let colon = v.firstIndex(of: ":"), colon != v.startIndex else {
                        throw Failure("curl \(word) wants 'Name: value', not \"\(v.prefix(60))\"")
                    }
                    let name = String(v[..<colon]).trimmingWhitespace()
                    let headerValue = String(v[v.index(after: colon)...]).trimmingWhitespace()
                    headers.append((String(name), String(headerValue)))
                case "user": user = v
                case "data":
                    guard !v.hasPrefix("@") || word == "--data-raw" else {
                        throw Failure("curl \(word) \(v.prefix(60)) reads a file: give the body inline")
                    }
                    data.append(v)
                case "request": method = v.uppercased()
                case "url": urls.append(v)
                case "agent": headers.append(("User-Agent", v))
                case "cookie":
                    guard v.contains("=") else { throw Failure("curl \(word) \(v.prefix(60)) reads a file: give the cookies inline") }
                    headers.append(("Cookie", v))
                case "referer": headers.append(("Referer", v))
                default: break
                }
            } else if word == "-G" || word == "--get" {
                get = true
            } else if quiet.contains(word) {
                // Nothing to do.
            } else if word.hasPrefix("-"), word.count > 1, !word.hasPrefix("--"), word.dropFirst().allSatisfy(quietShort.contains) {
                if word.contains("G") { get = true }
            } else if word.hasPrefix("-") && word.count > 1 {
                throw Failure("curl option \(word.prefix(40)) is not understood here (the import reads -H, -u, -d, -X, -G, "
                              + "--compressed and --url)")
            } else {
                urls.append(word)
            }
            i += 1
        }
        guard let first = urls.first else { throw Failure("the curl command has no URL") }
        guard urls.count == 1 else {
            throw Failure("the curl command has more than one URL (\(urls.prefix(3).map { "\"\($0.prefix(40))\"" }.joined(separator: ", "))); "
                          + "nothing in it is run by a shell")
        }
        var url = first
        if !url.lowercased().hasPrefix("http://") && !url.lowercased().hasPrefix("https://") && !url.contains("://") {
            url = "http://" + url   // as curl reads a bare host
        }
        var body: String? = data.isEmpty ? nil : data.joined(separator: "&")
        if get, let query = body {
            url += (url.contains("?") ? "&" : "?") + query
            body = nil
        }
        let verb = method ?? (body != nil ? "POST" : "GET")
        return CurlCommand(url: url, method: verb, headers: headers, user: user, body: body)
    }
}
