/// Turns HTML (Mastodon statuses, WordPress excerpts) into plain text for
/// a `type: html` field: tags removed, `<br>` and block ends (`</p>`,
/// `</div>`, `<li>`, …) as line breaks, `<script>`/`<style>` contents and
/// comments dropped, runs of white space collapsed, then entities decoded.
/// The result still goes through the `Sanitizer` like any text.
public enum HTMLText {
    /// Elements that start or end a line.
    static let breaking: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre",
        "section", "article", "header", "footer", "table", "hr", "dd", "dt",
    ]
    /// Elements whose contents are not text.
    static let hidden: Set<String> = ["script", "style", "template", "head"]

    public static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else {
            return collapse(html.unicodeScalars.map { $0 == "\n" ? " " : $0 })
        }
        let chars = Array(html.unicodeScalars)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "<", i + 1 < chars.count, isTagStart(chars[i + 1]) else {
                out.append(c == "\n" ? " " : c)   // only tags break lines
                i += 1
                continue
            }
            if starts(chars, at: i, with: "<!--") {
                i = index(of: "-->", in: chars, from: i + 4).map { $0 + 3 } ?? chars.count
                continue
            }
            let end = tagEnd(chars, from: i + 1)
            let name = tagName(chars, from: i + 1)
            let opening = chars[i + 1] != "/"
            i = end
            if hidden.contains(name), opening, end >= 2, chars[end - 2] != "/" {
                // Skip to the matching close tag.
                i = closeTag(name, in: chars, from: end)
                continue
            }
            if breaking.contains(name) { out.append("\n") }
        }
        return HTMLEntities.decode(collapse(out))
    }

    static func isTagStart(_ c: Unicode.Scalar) -> Bool {
        c == "/" || c == "!" || c == "?" || (c.value < 0x80 && c.properties.isAlphabetic)
    }

    /// Lowercased element name after `<` or `</`.
    static func tagName(_ chars: [Unicode.Scalar], from start: Int) -> String {
        var i = start
        if i < chars.count, chars[i] == "/" { i += 1 }
        var name = ""
        while i < chars.count, chars[i].value < 0x80, chars[i].properties.isAlphabetic || ("0"..."9").contains(chars[i]) {
            name.unicodeScalars.append(chars[i])
            i += 1
        }
        return name.lowercased()
    }

    /// The index after the tag's `>` (quotes in attributes respected); the
    /// end of the text when it never closes.
    static func tagEnd(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        var quote: Unicode.Scalar?
        var i = start
        while i < chars.count {
            let c = chars[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return i + 1
            }
            i += 1
        }
        return chars.count
    }

    static func closeTag(_ name: String, in chars: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while let open = index(of: "</", in: chars, from: i) {
            if tagName(chars, from: open + 1) == name { return tagEnd(chars, from: open + 1) }
            i = open + 2
        }
        return chars.count
    }

    static func starts(_ chars: [Unicode.Scalar], at i: Int, with text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return i + scalars.count <= chars.count && Array(chars[i..<(i + scalars.count)]) == scalars
    }

    static func index(of text: String, in chars: [Unicode.Scalar], from start: Int) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return nil }
        var i = start
        while i + scalars.count <= chars.count {
            if chars[i] == first, Array(chars[i..<(i + scalars.count)]) == scalars { return i }
            i += 1
        }
        return nil
    }

    /// Spaces, tabs and source newlines collapse to one space; the line
    /// breaks from tags stay (one at most in a row); ends trimmed.
    static func collapse(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var pendingBreak = false
        for c in scalars {
            switch c {
            case "\n":
                pendingBreak = true
            case " ", "\t", "\r", "\u{0C}":
                pendingSpace = true
            default:
                if !out.isEmpty {
                    if pendingBreak { out.append("\n") } else if pendingSpace { out.append(" ") }
                }
                pendingSpace = false
                pendingBreak = false
                out.append(c)
            }
        }
        return String(out)
    }
}
